import { findApp } from 'build-tools/apps';
import { securityHeaders } from 'build-tools/securityHeaders';
import { readSiteOrigins } from 'build-tools/siteOrigins';
import { serveShell } from './serveShell.mjs';

/** `npm run serve --workspace shell`: the shell's server alone, rendering with the registry's remotes. */
const server = await serveShell({
  port: Number(process.env.PORT) || findApp('shell').port,
  headers: securityHeaders(readSiteOrigins()),
});
console.log(`shell (server-rendered) is served at ${server.url}`);
process.on('SIGINT', () => server.close().then(() => process.exit(0)));
process.on('SIGTERM', () => server.close().then(() => process.exit(0)));

import { findApp } from 'build-tools/apps';
import { securityHeaders } from 'build-tools/securityHeaders';
import { readSiteOrigins } from 'build-tools/siteOrigins';
import { serveShell } from './serveShell.mjs';

/**
 * `npm run serve --workspace shell`: the shell's server alone, rendering with the registry's
 * remotes. PORT, SHELL_REGISTRY_FILE and SHELL_REMOTE_ORIGINS configure it (docs/operator.md).
 */
const server = await serveShell({
  port: Number(process.env.PORT) || findApp('shell').port,
  // The environment's registry (a release changes it); the build's own remotes.json if unset.
  registryFile: process.env.SHELL_REGISTRY_FILE || undefined,
  headers: securityHeaders(readSiteOrigins()),
});
console.log(`shell (server-rendered) is served at ${server.url}`);
process.on('SIGINT', () => server.close().then(() => process.exit(0)));
process.on('SIGTERM', () => server.close().then(() => process.exit(0)));

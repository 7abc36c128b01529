import path from 'node:path';
import { findApp } from '../apps.mjs';
import { serveStaticApp } from './serveStaticApp.mjs';
import { securityHeaders } from './securityHeaders.mjs';
import { readSiteOrigins } from './siteOrigins.mjs';

/** Serves one built app alone on its port: a remote team's way to run its remote by itself. */
const app = findApp(process.argv[2] ?? path.basename(process.cwd()));
const root = path.resolve(import.meta.dirname, '..', '..', app.dir, 'dist');
const server = await serveStaticApp({ root, port: app.port, headers: securityHeaders(readSiteOrigins()) });
console.log(`${app.dir} is served at ${server.url}`);
process.on('SIGINT', () => server.close().then(() => process.exit(0)));
process.on('SIGTERM', () => server.close().then(() => process.exit(0)));

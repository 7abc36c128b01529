import { securityHeaders } from 'build-tools/securityHeaders';
import { readSiteOrigins } from 'build-tools/siteOrigins';
import { openRegistrySource } from './registrySource.mjs';
import { serveShell } from './serveShell.mjs';
import { readServerSettings } from './serverSettings.mjs';

/**
 * `npm run serve --workspace shell`: the shell's server alone, rendering with the registry's
 * remotes, configured by its environment (docs/operator.md, "Configuration"), which is read here
 * once (serverSettings.mjs) and handed down.
 */
const settings = readServerSettings();
const server = await serveShell({
  port: settings.port,
  // Loopback unless SHELL_HOST says otherwise: the reverse proxy in front is on the same host.
  host: settings.host,
  // The environment's registry (a release changes it): SHELL_REGISTRY_URL; the build's own if unset.
  registry: settings.registry && openRegistrySource(settings.registry),
  // Served once the registry, or its cache, gave a document: one line each try until then.
  waitForRegistry: true,
  // The CSP allows the remotes the registry names now, not the build's (a local build's allows QA
  // overrides from http://localhost:*, which production must not).
  headers: (registry) =>
    securityHeaders(readSiteOrigins({ ...(registry && { registry }), env: settings.publicEnvironment })),
  settings,
});
console.log(`shell (server-rendered) is served at ${server.url}`);
process.on('SIGINT', () => server.close().then(() => process.exit(0)));
process.on('SIGTERM', () => server.close().then(() => process.exit(0)));

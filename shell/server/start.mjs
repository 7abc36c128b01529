import { findApp } from 'build-tools/apps';
import { securityHeaders } from 'build-tools/securityHeaders';
import { readSiteOrigins } from 'build-tools/siteOrigins';
import { openRegistrySource } from './registrySource.mjs';
import { serveShell } from './serveShell.mjs';
import { readServerSettings } from './serverSettings.mjs';

/**
 * `npm run serve --workspace shell`: the shell's server alone, rendering with the registry's
 * remotes, configured by its environment (docs/operator.md, "Configuration").
 */
const settings = readServerSettings();
// The environment's registry (a release changes it): SHELL_REGISTRY_URL; the build's own if unset.
const registry = settings.registry && openRegistrySource(settings.registry);
// Read once, at start: the CSP must allow the remotes browsers are told to load (below). A registry
// that cannot be read then stops the start, with one line that says where and why.
const firstDocument = registry
  ? await registry.read().catch((/** @type {Error} */ error) => {
      console.error(
        `shell: cannot start: the registry ${registry.where} could not be read: ${error.message}`,
      );
      process.exit(1);
    })
  : undefined;
const server = await serveShell({
  port: process.env.PORT ? Number(process.env.PORT) : findApp('shell').port,
  // Loopback unless SHELL_HOST says otherwise: the reverse proxy in front is on the same host.
  host: process.env.SHELL_HOST || undefined,
  registry,
  // The CSP allows the remotes this registry names, not the build's (a local build's allows QA
  // overrides from http://localhost:*, which production must not).
  headers: securityHeaders(readSiteOrigins(firstDocument ? { registry: firstDocument } : {})),
  settings,
  // The site's public URL at run time, for its https headers; the build's (its links') if unset.
  siteUrl: process.env.SITE_URL || undefined,
});
console.log(`shell (server-rendered) is served at ${server.url}`);
process.on('SIGINT', () => server.close().then(() => process.exit(0)));
process.on('SIGTERM', () => server.close().then(() => process.exit(0)));

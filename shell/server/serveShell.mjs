// Owns the shell's server as a whole: its configuration, checked once, and the plugins it is made
// of, each owning one concern; the renderer (from the build's server bundle) and the metrics they share.
/** @import {} from './fastifyRequest.js' what the plugins add to Fastify's types, for a package that type-checks this one */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { LogController } from 'fastify';
import { createStaticApp, listen } from 'build-tools/serve';
import crawlerFiles from './crawlerFiles.mjs';
import errorPages, { BODY_LIMIT_BYTES, clientErrorHandler, frameworkErrors } from './errorPages.mjs';
import operatorEndpoints from './operatorEndpoints.mjs';
import pageRoute from './pageRoute.mjs';
import previewRoute from './previewRoute.mjs';
import { createRegistryReader } from './registryReader.mjs';
import { fileRegistry } from './registrySource.mjs';
import shareImages from './shareImages.mjs';
import siteManifest from './siteManifest.mjs';
import requestLog from './requestLog.mjs';
import securityHeaders from './securityHeaders.mjs';
import webVitals from './webVitals.mjs';
import { DEFAULT_SERVER_SETTINGS } from './serverSettings.mjs';
import { fastifyTrustProxy } from './trustProxy.mjs';
import { readShellBuild } from './shellBuild.mjs';
import { createShellMetrics } from './shellMetrics.mjs';

export { readServerSettings } from './serverSettings.mjs';

/**
 * @typedef {object} ShellServerOptions
 * @property {number} port
 * @property {string} [host]
 * @property {string} [root] the shell's build (dist), with its server bundle in dist/server
 * @property {Record<string, string> | ((registry: import('./registrySource.mjs').RegistryDocument | undefined) => Record<string, string>)} [headers]
 *   the site's security headers (build-tools' securityHeaders.mjs), or what makes them for the
 *   registry's document, so the content-security policy follows the remotes' hosts as they change
 * @property {string} [registryFile] the environment's remotes.json (default: the build's own)
 * @property {import('./registrySource.mjs').RegistrySource} [registry] where the registry is read
 *   instead (registrySource.mjs; start.mjs: SHELL_REGISTRY_URL); default: the file `registryFile`
 * @property {boolean} [waitForRegistry] listen only once the registry (or its cache) gave a document,
 *   saying meanwhile why not (start.mjs); otherwise a page asked before then is an error page
 * @property {number} [remoteBudgetMs] how long a remote may take before the page is sent without it
 * @property {number} [manifestTtlMs] how long a remote's manifest is trusted before it is revalidated
 * @property {Partial<import('./serverSettings.mjs').ServerSettings>} [settings] the operator's
 *   settings (serverSettings.mjs), read once: start.mjs reads them from the environment; a setting
 *   not given is its default (no release hosts named, the local public settings…)
 */

/**
 * The shell's server: renders every route of the composed site to HTML, loading the page's remote
 * at run time, and serves the shell's own static files. A page rendered before is answered from
 * memory before anything else is looked at; every error a visitor can reach is the site's own page.
 * @param {ShellServerOptions} options
 */
export async function serveShell({
  port,
  host,
  root = path.resolve(import.meta.dirname, '..', 'dist'),
  headers = {},
  registryFile = path.join(root, 'remotes.json'),
  registry: registrySource = fileRegistry(registryFile),
  remoteBudgetMs = 1000,
  manifestTtlMs = 1000,
  settings: given = {},
  waitForRegistry = false,
}) {
  const settings = { ...DEFAULT_SERVER_SETTINGS, ...given };
  const { remoteOrigins } = settings;
  const app = await createStaticApp({
    root,
    // Each of the build's files is a route of its own (every other path is a page, pageRoute.mjs),
    // but the server's own bundle and build notes, not for browsers, and the files a plugin answers
    // (crawlerFiles.mjs, siteManifest.mjs): Fastify refuses two routes for one path.
    routePerFile: { except: ['server/**', 'host-assets.json', 'remotes.json', 'site.webmanifest'] },
    serveIndexForRoutes: false,
    serverOptions: serverOptions(settings),
  });
  /** @type {{ info: (message: string) => void, error: (message: string, err?: unknown) => void }} */
  const log = {
    info: (message) => app.log.info(message),
    error: (message, err) => app.log.error({ err }, message),
  };
  const registry = createRegistryReader(registrySource, log, { cacheFile: settings.registryCache });
  const readRegistry = () => registry.read();
  if (waitForRegistry) await registry.untilFirstDocument();
  const build = await readShellBuild(root);
  const metrics = createShellMetrics({
    liveVersions: () => liveVersions(renderer),
    registryFailing: async () => {
      await readRegistry().catch(() => {});
      return registry.status().failing !== null;
    },
  });
  const renderer = await build.createSiteRenderer({
    readRegistry,
    remoteBudgetMs,
    manifestTtlMs,
    remoteOrigins,
    publicEnvironment: settings.publicEnvironment,
    log,
    onRemoteFailure: (name) => metrics.remoteFailed(name),
    webVitalsSampleRate: settings.webVitals.enabled ? settings.webVitals.sampleRate : 0,
  });
  app.addHook('onClose', async () => {
    await renderer.close();
    await registrySource.close?.();
  });
  // Not awaited: the server answers at once, and the first visitors share loads under way.
  void renderer.warmUp();

  // In this order: each plugin's onRequest hook runs after those of the plugins above it.
  await app.register(requestLog, { metrics });
  await app.register(securityHeaders, {
    headers: typeof headers === 'function' ? headers : () => headers,
    readRegistry: () => readRegistry().catch(() => registry.latest()),
    latestRegistry: () => registry.latest(),
    // The public settings' SITE_URL, as the renderer read it: its pages' links use it too.
    siteUrl: new URL(renderer.siteUrl),
    httpsRedirect: settings.httpsRedirect,
  });
  const clientRenderedPage = renderer.clientRenderedPage(build.clientRenderedPage);
  await app.register(errorPages, { renderer, clientRenderedPage, maxUrlLength: settings.maxUrlLength });
  // Before the pages: a previewing visitor's cookie is read before the page cache is.
  await app.register(previewRoute, { renderer, secret: settings.previewSecret, remoteOrigins, readRegistry });
  await app.register(pageRoute, { renderer, metrics, renderLimit: settings.renderLimit });
  if (settings.webVitals.enabled)
    await app.register(webVitals, {
      webVitals: metrics.webVitals,
      labels: renderer.webVitalsLabels,
      limit: settings.webVitals.limit,
      networkLimit: settings.webVitals.networkLimit,
    });
  await app.register(crawlerFiles, { renderer, readRegistry });
  await app.register(siteManifest, {
    root,
    siteName: renderer.siteName,
    languageTags: renderer.languageTags,
  });
  await app.register(shareImages, { siteName: renderer.siteName, latestRegistry: () => registry.latest() });
  await app.register(operatorEndpoints, {
    renderer,
    metrics,
    registryStatus: async () => {
      await readRegistry().catch(() => {});
      return registry.status();
    },
    metricsToken: settings.metricsToken,
  });
  return listen(app, { port, host });
}

/**
 * Fastify's own options for the settings.
 * @param {import('./serverSettings.mjs').ServerSettings} settings
 * @returns {import('fastify').FastifyServerOptions}
 */
function serverOptions(settings) {
  return {
    logger: { level: settings.logLevel },
    // One line per request, written when it is answered (requestLog.mjs), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // request.ip and request.protocol: from the forwarding headers of the proxies trusted.
    trustProxy: fastifyTrustProxy(settings.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    frameworkErrors,
    clientErrorHandler,
  };
}

/** The version each remote renders, for the metrics. @param {import('./renderBundle.js').SiteRenderer} renderer */
function liveVersions(renderer) {
  return Object.fromEntries(
    Object.entries(renderer.remotesStatus()).map(([name, { rendering }]) => [name, rendering]),
  );
}

// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- how a JavaScript file takes the request fields it decorates (a declaration file has no module to import)
/// <reference path="./fastifyRequest.d.ts" />
import path from 'node:path';
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import { readFile, readdir } from 'node:fs/promises';
import { LogController } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import { createStaticApp, isHashedAsset, listen } from 'build-tools/serve';
import { withScriptSources } from 'build-tools/securityHeaders';
import { HTML_CACHE_CONTROL, sendCacheable } from './cacheableResponses.mjs';
import { DEFAULT_SERVER_SETTINGS } from './serverSettings.mjs';
import { createShellMetrics } from './shellMetrics.mjs';

export { readServerSettings } from './serverSettings.mjs';

const require = createRequire(import.meta.url);
const SHELL_DIST = path.resolve(import.meta.dirname, '..', 'dist');

/**
 * An address as the log keeps it: at most 300 characters, and a link's secret (the booking's
 * cancel link, `?token=`) replaced, since whoever reads the log must not be able to use it.
 * @param {string} url
 */
function loggedUrl(url) {
  const redacted = url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
  return redacted.length > 300 ? `${redacted.slice(0, 300)}…` : redacted;
}

/** SHELL_REMOTE_ORIGINS, each as an origin (`https://cdn.example`); unset or empty: none named. */
function originsFromEnvironment() {
  const listed = (process.env.SHELL_REMOTE_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
    .map((origin) => new URL(origin).origin);
  return listed.length > 0 ? listed : undefined;
}

/** The operator's view of the remotes' versions, and the Prometheus metrics (docs/operator.md). */
const STATUS_PATH = '/_shell/status';
const METRICS_PATH = '/metrics';
/** Paths the server answers with routes of their own. */
const OWN_ROUTES = new Set([STATUS_PATH, METRICS_PATH, '/robots.txt', '/sitemap.xml', '/remotes.json']);
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/** Headers a reverse proxy adds: a request carrying one came from a visitor through it. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];
/** When a remote could not be rendered: crawlers come back later instead of indexing the panel. */
const RETRY_AFTER_SECONDS = '30';
/** Errors with a page of their own in the shell (shell/src/routes/httpStatus.ts). */
const STATUS_PAGES = new Set([400, 403, 405, 413, 414, 429, 500, 503]);
/** The shell takes no request bodies: one is read only to answer 405 (or 413) politely. */
const BODY_LIMIT_BYTES = 64 * 1024;
/** A control character in a path (`%00`): no page has one, and files must never see one. */
const ENCODED_CONTROL_CHARACTER = /%(?:[01][0-9a-f]|7f)/i;
/** Two years, as browsers' preload lists ask (docs/operator.md, "Security headers"). */
const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains';

/**
 * A request made on the server's own host (an operator's curl), not a visitor's through a proxy on
 * that host. @param {import('fastify').FastifyRequest} request
 */
function fromThisHost(request) {
  return (
    LOOPBACK.has(request.socket.remoteAddress ?? '') &&
    FORWARDING_HEADERS.every((header) => request.headers[header] === undefined)
  );
}

/** @param {number} statusCode @param {string} message */
function httpError(statusCode, message) {
  return Object.assign(new Error(message), { statusCode });
}

/**
 * A request's address split into its path and its query (with its `?`, or ''), as sent.
 * @param {string} rawUrl
 */
function splitAddress(rawUrl) {
  const query = rawUrl.indexOf('?');
  return query === -1
    ? { pathname: rawUrl, search: '' }
    : { pathname: rawUrl.slice(0, query), search: rawUrl.slice(query) };
}

/**
 * The request's address as a URL the renderer can read, or null when its path cannot be decoded.
 * Joined, not resolved: `//x/` is a path here, not another host.
 * @param {string} rawUrl
 */
function readableUrl(rawUrl) {
  try {
    const url = new URL(`http://shell.invalid${rawUrl.startsWith('/') ? '' : '/'}${rawUrl}`);
    decodeURIComponent(url.pathname);
    return url;
  } catch {
    return null;
  }
}

/**
 * @typedef {object} ShellServerOptions
 * @property {number} port
 * @property {string} [host]
 * @property {string} [root] the shell's build (dist), with its server bundle in dist/server
 * @property {Record<string, string>} [headers] the site's security headers (securityHeaders.mjs)
 * @property {string} [registryFile] the environment's remotes.json (default: the build's own)
 * @property {number} [remoteBudgetMs] how long a remote may take before the page is sent without it
 * @property {number} [manifestTtlMs] how long a remote's manifest is trusted before it is revalidated
 * @property {readonly string[]} [remoteOrigins] the only origins remote code is loaded from (the
 *   release hosts); default: SHELL_REMOTE_ORIGINS (comma-separated), else any the registry names
 * @property {string} [siteUrl] the site's public URL, for its https headers and redirect (default:
 *   the build's SITE_URL, which its pages' links use too)
 * @property {Partial<import('./serverSettings.mjs').ServerSettings>} [settings] the operator's
 *   settings (serverSettings.mjs); start.mjs reads them from the environment
 */

/**
 * The shell's server: renders every route of the composed site to HTML, loading the page's remote
 * at run time, and serves the shell's own static files. A page rendered before is answered from
 * memory before anything else is looked at; every error a visitor can reach is the site's own page.
 *
 * @param {ShellServerOptions} options
 */
export async function serveShell({
  port,
  host,
  root = SHELL_DIST,
  headers = {},
  registryFile = path.join(root, 'remotes.json'),
  remoteBudgetMs = 1000,
  manifestTtlMs = 1000,
  remoteOrigins = originsFromEnvironment(),
  siteUrl: givenSiteUrl,
  settings: given = {},
}) {
  const settings = { ...DEFAULT_SERVER_SETTINGS, ...given };
  const clientRenderedPage = await readFile(path.join(root, 'index.html'), 'utf8');
  /** @type {{ stylesheets: string[], scripts: string[], preloadScripts: string[], localeScripts: Record<string, string[]> }} the build's HOST_ASSETS */
  const hostAssets = JSON.parse(await readFile(path.join(root, 'host-assets.json'), 'utf8'));
  const fromRoot = (/** @type {string[]} */ files) => files.map((file) => `/${file}`);
  const { createSiteRenderer } = require(path.join(root, 'server', 'main.js'));
  // The build's files, as paths: they never change while the server runs.
  const buildFiles = new Set(
    (await readdir(root, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map(
        (entry) =>
          `/${path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`,
      ),
  );

  /** @type {(request: import('fastify').FastifyRequest) => string} */
  const clientAddress = (request) => {
    const header = settings.clientAddressHeader && request.headers[settings.clientAddressHeader];
    // The proxy appends the address it saw to X-Forwarded-For: the last entry is the one to trust.
    const value = Array.isArray(header) ? header.at(-1) : header;
    return value?.split(',').at(-1)?.trim() || request.socket.remoteAddress || 'unknown';
  };
  const metrics = createShellMetrics({
    liveVersions: () =>
      Object.fromEntries(
        Object.entries(renderer.remotesStatus()).map(([name, status]) => [name, status.rendering]),
      ),
  });
  // The renderer logs through the server's logger, which exists once the app does (below).
  /** @type {import('fastify').FastifyInstance | undefined} */
  let server;
  const log = {
    info: (/** @type {string} */ message) => server?.log.info(message),
    error: (/** @type {string} */ message, /** @type {unknown} */ error) =>
      server?.log.error({ err: error }, message),
  };
  const renderer = await createSiteRenderer({
    readRegistry: async () => JSON.parse(await readFile(registryFile, 'utf8')),
    assets: {
      // The shell's own stylesheets are written into every page: read once, here.
      stylesheets: await Promise.all(
        hostAssets.stylesheets.map(async (/** @type {string} */ file) => ({
          href: `/${file}`,
          text: await readFile(path.join(root, file), 'utf8'),
        })),
      ),
      scripts: fromRoot(hostAssets.scripts),
      preloadFetches: ['/remotes.json'],
      preloadScripts: fromRoot(hostAssets.preloadScripts),
      localeScripts: Object.fromEntries(
        Object.entries(hostAssets.localeScripts).map(([language, files]) => [language, fromRoot(files)]),
      ),
    },
    remoteBudgetMs,
    manifestTtlMs,
    remoteOrigins,
    log,
    onRemoteFailure: (/** @type {string} */ name) => metrics.remoteFailed(name),
  });
  const siteUrl = new URL(givenSiteUrl ?? renderer.siteUrl);
  /** @type {Record<string, string>} */
  const pageHeaders = {
    ...withScriptSources(headers, renderer.inlineScriptSources),
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(siteUrl.protocol === 'https:' && { 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY }),
  };
  const app = await createStaticApp({
    root,
    headers: pageHeaders,
    // The server's own bundle and build notes are not for browsers.
    allowedPath: (pathname) => !pathname.startsWith('/server/') && pathname !== '/host-assets.json',
    serveIndexForRoutes: false,
    serverOptions: {
      logger: { level: settings.logLevel },
      // One line per request, written when it is answered (below), instead of Fastify's two.
      logController: new LogController({ disableRequestLogging: true }),
      requestIdHeader: 'x-request-id',
      genReqId: () => randomUUID(),
      bodyLimit: BODY_LIMIT_BYTES,
      // A malformed address (`/%E0%A4%A`) is answered like any other error: the site's page.
      frameworkErrors: (error, request, reply) => {
        void sendError(request, reply, error);
      },
      clientErrorHandler: (error, socket) => void sendClientError(error, socket),
    },
  });
  server = app;
  // Not awaited: the server answers at once, and the first visitors share loads under way. Started
  // once the logger exists, so a remote that fails at start-up is logged (once, with the reason).
  void renderer.warmUp();
  app.decorateRequest('routeKind', null);
  app.decorateRequest('htmlCache', null);
  app.addHook('onClose', async () => renderer.close());

  app.addHook('onRequest', async (request, reply) => {
    const forwardedProto = request.headers['x-forwarded-proto'];
    if (settings.httpsRedirect && String(forwardedProto).split(',')[0]?.trim() === 'http') {
      request.routeKind = 'https-redirect';
      // Joined, not resolved: `//elsewhere.example` stays on the site.
      return reply.redirect(`${siteUrl.origin}${request.url}`, 308);
    }
    if (request.url.length > settings.maxUrlLength) throw httpError(414, 'URI Too Long');
    // Any address that is neither one of the build's files nor a route of its own goes straight to
    // the renderer, which answers a page rendered before (or the 404) from memory: no route
    // lookup, no look at the disk for a file of that name.
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const { pathname } = splitAddress(request.url);
    if (!buildFiles.has(pathname) && !OWN_ROUTES.has(pathname)) return renderRoute.call(app, request, reply);
  });
  // Every request's one log line and its metrics, once it is answered.
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeKind ?? (request.routeOptions.url ? 'static' : 'not-found');
    metrics.answered(route, reply.statusCode, reply.elapsedTime / 1000);
    request.log.info(
      {
        method: request.method,
        url: loggedUrl(request.url),
        status: reply.statusCode,
        route,
        cache: request.htmlCache,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'answered',
    );
  });
  // Bodies are read only to be refused (405); any content type, up to the body limit (else 413).
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null));
  await app.register(fastifyRateLimit, {
    global: false,
    max: settings.renderLimit.max,
    timeWindow: settings.renderLimit.windowMs,
    keyGenerator: clientAddress,
    errorResponseBuilder: (_request, context) =>
      httpError(context.statusCode, `Too many renders; try again in ${context.after}`),
  });
  const limitRenders = app.rateLimit();

  /**
   * The site's page for an error, with its status, in the request's language when its address can
   * be read. If even that cannot be rendered, the client-rendered page carries the status.
   * @param {import('fastify').FastifyRequest} request
   * @param {import('fastify').FastifyReply} reply
   * @param {unknown} error
   */
  async function sendError(request, reply, error) {
    const code = /** @type {{ statusCode?: number }} */ (error)?.statusCode;
    const status = code && code >= 400 && code < 600 ? code : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    request.routeKind = 'error';
    const page = STATUS_PAGES.has(status) ? status : status >= 500 ? 500 : 400;
    reply.code(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
    if (status === 503) reply.header('Retry-After', RETRY_AFTER_SECONDS);
    try {
      // An address whose path cannot be read still has its `?lang` read.
      const address = readableUrl(request.url) ?? splitAddress(request.url).search;
      const { html } = await renderer.renderHttpStatus(page, address);
      return reply.send(html);
    } catch (renderError) {
      request.log.error({ err: renderError }, `the ${page} page could not be rendered`);
      return reply.send(clientRenderedPage);
    }
  }
  app.setErrorHandler((error, request, reply) => sendError(request, reply, error));

  /**
   * A request Node's parser refused before Fastify saw it (headers over 16 KiB, most often a huge
   * address: 431; anything else malformed: 400), answered on the raw socket with the site's page in
   * the default language, since nothing of the request can be read.
   * @param {Error & { code?: string }} error @param {import('node:stream').Duplex} socket
   */
  async function sendClientError(error, socket) {
    if (error.code === 'ECONNRESET' || !socket.writable) return;
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    try {
      const { html } = await renderer.renderHttpStatus(tooLarge ? 414 : 400, '');
      const body = Buffer.from(html);
      const head = {
        ...pageHeaders,
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Length': String(body.length),
        'Cache-Control': 'no-store',
        Connection: 'close',
      };
      const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
      const lines = Object.entries(head).map(([name, value]) => `${name}: ${value}`);
      if (socket.writable)
        socket.end(Buffer.concat([Buffer.from(`HTTP/1.1 ${status}\r\n${lines.join('\r\n')}\r\n\r\n`), body]));
    } catch {
      socket.destroy();
    }
  }

  /** @param {import('fastify').FastifyRequest} request @param {import('fastify').FastifyReply} reply @param {any} outcome */
  function sendOutcome(request, reply, outcome) {
    if (outcome.kind === 'redirect') {
      return reply
        .code(outcome.status)
        .header('Location', outcome.location)
        .header('Cache-Control', HTML_CACHE_CONTROL)
        .send();
    }
    if (outcome.status === 503) {
      return reply
        .code(503)
        .type('text/html; charset=utf-8')
        .header('Vary', 'Accept-Encoding')
        .header('Cache-Control', 'no-store')
        .header('Retry-After', RETRY_AFTER_SECONDS)
        .send(outcome.html);
    }
    // A page rendered for this address alone (a token in its query): no CDN or browser keeps it.
    if (outcome.noStore) {
      return reply
        .code(outcome.status)
        .type('text/html; charset=utf-8')
        .header('Vary', 'Accept-Encoding')
        .header('Cache-Control', 'no-store')
        .send(outcome.html);
    }
    reply.code(outcome.status);
    return sendCacheable(request, reply, {
      rendered: outcome,
      text: outcome.html,
      type: 'text/html; charset=utf-8',
    });
  }

  /**
   * Every path that is not a file: a page of the site. A page rendered before is answered from the
   * cache first, with no routing and no loading; only a render is rate-limited per client.
   * @type {import('fastify').RouteHandlerMethod}
   */
  const renderRoute = async (request, reply) => {
    request.routeKind = 'page';
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      reply.header('Allow', 'GET, HEAD');
      throw httpError(405, 'Method Not Allowed');
    }
    const { pathname, search } = splitAddress(request.url);
    const kept = renderer.cachedPage(pathname, search);
    if (kept) {
      request.htmlCache = 'hit';
      metrics.cacheLookup(true);
      return sendOutcome(request, reply, kept);
    }
    // A build's file that is not there (an old chunk): a browser's fetch, not a visitor's page.
    if (isHashedAsset(pathname)) {
      request.routeKind = 'static';
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    if (ENCODED_CONTROL_CHARACTER.test(pathname)) throw httpError(400, 'Bad Request');
    const url = readableUrl(request.url);
    if (!url) throw httpError(400, 'Bad Request');
    let renderStarted = 0;
    const outcome = await renderer.render(url, {
      beforeRender: async () => {
        await limitRenders.call(app, request, reply);
        renderStarted = performance.now();
      },
    });
    if (renderStarted) {
      metrics.rendered(
        outcome.status === 404 ? 'not-found' : 'page',
        (performance.now() - renderStarted) / 1000,
      );
    }
    request.htmlCache = renderStarted ? 'miss' : 'hit';
    metrics.cacheLookup(!renderStarted);
    if (outcome.status === 404) request.routeKind = 'not-found';
    return sendOutcome(request, reply, outcome);
  };
  // What crawlers ask for besides pages, cached like the HTML (docs/server-rendering.md, "Sitemap and robots.txt").
  const robots = { text: renderer.robotsTxt };
  app.get('/robots.txt', (request, reply) => {
    request.routeKind = '/robots.txt';
    return sendCacheable(request, reply, {
      rendered: robots,
      text: robots.text,
      type: 'text/plain; charset=utf-8',
    });
  });
  app.get('/sitemap.xml', async (request, reply) => {
    request.routeKind = '/sitemap.xml';
    const sitemap = await renderer.renderSitemap();
    if (sitemap.status === 503) {
      // A remote's pages were never loaded: crawlers retry rather than drop those pages.
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .header('Retry-After', RETRY_AFTER_SECONDS)
        .send(`The sitemap is unavailable until these remotes answer: ${sitemap.missing.join(', ')}\n`);
    }
    return sendCacheable(request, reply, {
      rendered: sitemap,
      text: sitemap.xml,
      type: 'application/xml; charset=utf-8',
    });
  });
  // The environment's registry as browsers read it: each remote at the version this server renders
  // (a version the registry names but the server has not taken yet, or refused, is not loaded by
  // browsers either). Never cached, since a release or a rollback changes it.
  app.get('/remotes.json', async (request, reply) => {
    request.routeKind = '/remotes.json';
    const registry = JSON.parse(await readFile(registryFile, 'utf8'));
    registry.remotes = { ...registry.remotes, ...renderer.liveManifests() };
    return reply.header('Cache-Control', 'no-cache').send(registry);
  });
  // For the operator, from the server's own host only: which version of each remote the registry
  // names, which one is rendered, and why the last one that was not taken failed.
  app.get(STATUS_PATH, (request, reply) => {
    if (!fromThisHost(request)) return renderRoute.call(app, request, reply);
    request.routeKind = 'operator';
    // ?gc (with node --expose-gc): the heap after a full collection, to tell a leak from garbage.
    if ('gc' in /** @type {Record<string, unknown>} */ (request.query)) globalThis.gc?.();
    return reply
      .header('Cache-Control', 'no-store')
      .send({ remotes: renderer.remotesStatus(), heapUsedBytes: process.memoryUsage().heapUsed });
  });
  // Prometheus: the server's own host, or a scraper with the configured token; to anyone else it is
  // a path like any other (the 404 page).
  const metricsAuthorization = settings.metricsToken && Buffer.from(`Bearer ${settings.metricsToken}`);
  const mayReadMetrics = (/** @type {import('fastify').FastifyRequest} */ request) => {
    if (fromThisHost(request)) return true;
    const given = Buffer.from(request.headers.authorization ?? '');
    return Boolean(
      metricsAuthorization &&
      given.length === metricsAuthorization.length &&
      timingSafeEqual(given, metricsAuthorization),
    );
  };
  app.get(METRICS_PATH, async (request, reply) => {
    if (!mayReadMetrics(request)) return renderRoute.call(app, request, reply);
    request.routeKind = 'operator';
    return reply
      .header('Cache-Control', 'no-store')
      .type(metrics.contentType)
      .send(await metrics.text());
  });
  // Files are served as they are; every other path is a route of the site, rendered here.
  app.get('/', renderRoute);
  app.setNotFoundHandler(renderRoute);
  return listen(app, { port, host });
}

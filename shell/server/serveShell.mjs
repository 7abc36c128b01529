import path from 'node:path';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { createStaticApp, listen } from 'build-tools/serve';

const require = createRequire(import.meta.url);
const SHELL_DIST = path.resolve(import.meta.dirname, '..', 'dist');

/**
 * How rendered HTML may be cached: browsers revalidate every time (ETag), a CDN keeps it a minute
 * and serves it stale while it revalidates, so a deployed remote reaches visitors within that.
 */
const HTML_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';
const CONSOLE_LOG = {
  info: (/** @type {string} */ message) => console.log(message),
  error: (/** @type {string} */ message, /** @type {unknown} */ error) => console.error(message, error),
};

/** SHELL_REMOTE_ORIGINS, each as an origin (`https://cdn.example`); unset or empty: none named. */
function originsFromEnvironment() {
  const listed = (process.env.SHELL_REMOTE_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
    .map((origin) => new URL(origin).origin);
  return listed.length > 0 ? listed : undefined;
}

/** The operator's view of the remotes' versions (docs/operator.md). */
const STATUS_PATH = '/_shell/status';
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/** Headers a reverse proxy adds: a request carrying one came from a visitor through it. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

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
/** When a remote could not be rendered: crawlers come back later instead of indexing the panel. */
const RETRY_AFTER_SECONDS = '30';

/**
 * A rendered response's ETag and compressed bodies, made once per rendered response: the renderer
 * keeps rendered pages and the sitemap (the same object for every request of that page and
 * version), so a response served again costs no hashing and no compression, as a CDN would serve it.
 * @type {WeakMap<object, { etag: string, br: Buffer, gzip: Buffer }>}
 */
const encodedResponses = new WeakMap();

/** @param {object} rendered the renderer's object the text belongs to @param {string} text */
function encoded(rendered, text) {
  let encoding = encodedResponses.get(rendered);
  if (!encoding) {
    const bytes = Buffer.from(text);
    encoding = {
      etag: `"${createHash('sha1').update(bytes).digest('base64url')}"`,
      br: brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }),
      gzip: gzipSync(bytes, { level: 9 }),
    };
    encodedResponses.set(rendered, encoding);
  }
  return encoding;
}

/**
 * Sends rendered text as HTML is sent: cacheable by a CDN, revalidated by browsers with its ETag
 * (304), compressed for the request's Accept-Encoding (the compress plugin leaves a response that
 * has a Content-Encoding alone).
 * @param {import('fastify').FastifyRequest} request
 * @param {import('fastify').FastifyReply} reply
 * @param {{ rendered: object, text: string, type: string }} response
 */
function sendCacheable(request, reply, { rendered, text, type }) {
  const { etag, br, gzip } = encoded(rendered, text);
  reply
    .type(type)
    .header('Vary', 'Accept-Encoding')
    .header('Cache-Control', HTML_CACHE_CONTROL)
    .header('ETag', etag);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  const acceptEncoding = request.headers['accept-encoding'] ?? '';
  if (/\bbr\b/.test(acceptEncoding)) return reply.header('Content-Encoding', 'br').send(br);
  if (/\bgzip\b/.test(acceptEncoding)) return reply.header('Content-Encoding', 'gzip').send(gzip);
  return reply.send(text);
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
 * @property {{ info: (message: string) => void, error: (message: string, error?: unknown) => void }} [log]
 */

/**
 * The shell's server: renders every route of the composed site to HTML, loading the page's remote
 * at run time, and serves the shell's own static files. A render that fails for a reason of its
 * own (a bug) falls back to the client-rendered page, so the site keeps working.
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
  log = CONSOLE_LOG,
}) {
  const clientRenderedPage = await readFile(path.join(root, 'index.html'), 'utf8');
  /** @type {{ stylesheets: string[], scripts: string[], preloadScripts: string[], localeScripts: Record<string, string[]> }} the build's HOST_ASSETS */
  const hostAssets = JSON.parse(await readFile(path.join(root, 'host-assets.json'), 'utf8'));
  const fromRoot = (/** @type {string[]} */ files) => files.map((file) => `/${file}`);
  const serverBundle = path.join(root, 'server', 'main.js');
  const { createSiteRenderer } = require(serverBundle);
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
      preloadScripts: fromRoot(hostAssets.preloadScripts),
      localeScripts: Object.fromEntries(
        Object.entries(hostAssets.localeScripts).map(([language, files]) => [language, fromRoot(files)]),
      ),
      preloadFetches: ['/remotes.json'],
    },
    remoteBudgetMs,
    manifestTtlMs,
    remoteOrigins,
    log,
  });
  // Not awaited: the server answers at once, and the first visitors share loads under way.
  void renderer.warmUp();

  const app = await createStaticApp({
    root,
    headers,
    // The server's own bundle and build notes are not for browsers.
    allowedPath: (pathname) => !pathname.startsWith('/server/') && pathname !== '/host-assets.json',
    serveIndexForRoutes: false,
  });
  app.addHook('onClose', async () => renderer.close());
  /** @type {import('fastify').RouteHandlerMethod} */
  const renderRoute = async (request, reply) => {
    const url = new URL(request.url, `http://${request.headers.host ?? 'localhost'}`);
    if (path.extname(url.pathname) !== '' || !['GET', 'HEAD'].includes(request.method)) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    try {
      const outcome = await renderer.render(url);
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
      reply.code(outcome.status);
      return sendCacheable(request, reply, {
        rendered: outcome,
        text: outcome.html,
        type: 'text/html; charset=utf-8',
      });
    } catch (error) {
      log.error(`[shell] server rendering failed for ${url.pathname}; sent the client-rendered page`, error);
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(clientRenderedPage);
    }
  };
  // What crawlers ask for besides pages, cached like the HTML (docs/server-rendering.md, "Sitemap and robots.txt").
  const robots = { text: renderer.robotsTxt };
  app.get('/robots.txt', (request, reply) =>
    sendCacheable(request, reply, { rendered: robots, text: robots.text, type: 'text/plain; charset=utf-8' }),
  );
  app.get('/sitemap.xml', async (request, reply) => {
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
  app.get('/remotes.json', async (_request, reply) => {
    const registry = JSON.parse(await readFile(registryFile, 'utf8'));
    registry.remotes = { ...registry.remotes, ...renderer.liveManifests() };
    return reply.header('Cache-Control', 'no-cache').send(registry);
  });
  // For the operator, from the server's own host only: which version of each remote the registry
  // names, which one is rendered, and why the last one that was not taken failed.
  app.get(STATUS_PATH, (request, reply) => {
    if (!fromThisHost(request)) return renderRoute.call(app, request, reply);
    // ?gc (with node --expose-gc): the heap after a full collection, to tell a leak from garbage.
    if ('gc' in /** @type {Record<string, unknown>} */ (request.query)) globalThis.gc?.();
    return reply
      .header('Cache-Control', 'no-store')
      .send({ remotes: renderer.remotesStatus(), heapUsedBytes: process.memoryUsage().heapUsed });
  });
  // Files are served as they are; every other path is a route of the site, rendered here.
  app.get('/', renderRoute);
  app.setNotFoundHandler(renderRoute);
  return listen(app, { port, host });
}

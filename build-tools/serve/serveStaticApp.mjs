import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyCompress from '@fastify/compress';
import { ALWAYS_REVALIDATED } from '../webpack/createFederatedConfig.mjs';
import { ICON_CONTENT_TYPE } from '../webpack/SiteIconsPlugin.mjs';
import { refuseFilesOutsideTheirVersion } from './refuseFilesOutsideTheirVersion.mjs';

const CONTENT_HASH = /\.[0-9a-f]{12}\.[a-z0-9]+$/;

/** Where a release host serves each published version of its app: `/releases/<version>/…`. */
export const RELEASES_PATH = '/releases';
const RETRY_ALIAS = /^(\/releases\/[^/?]+)\/retry-\d+\//;

/** A file whose name carries its content's hash: a build's asset, never a page. @param {string} pathname */
export function isHashedAsset(pathname) {
  return CONTENT_HASH.test(pathname);
}

/**
 * Hashed files never change under their name; the entry points must be revalidated each load.
 * @param {string} fileName
 */
function cacheControlFor(fileName) {
  if (!ALWAYS_REVALIDATED.includes(fileName) && CONTENT_HASH.test(fileName)) {
    return 'public, max-age=31536000, immutable';
  }
  return 'no-cache';
}

/**
 * @typedef {object} StaticAppOptions
 * @property {string} root the built app (its dist folder)
 * @property {Record<string, string>} [headers] sent with every response (securityHeaders.mjs)
 * @property {(pathname: string) => boolean} [allowedPath] files that may be served (default: all)
 * @property {boolean} [serveIndexForRoutes] answer paths without a file extension with index.html
 *   (a client-rendered app, such as a remote's harness); otherwise they reach `onRoute`
 * @property {string} [versionsRoot] the app's published versions, one folder each, served under
 *   RELEASES_PATH: a version is never overwritten, so every one of its files is immutable
 * @property {import('fastify').FastifyServerOptions} [serverOptions] Fastify's own options (logger…)
 * @property {{ except: readonly string[] }} [routePerFile] a route per file, found once at start
 *   (@fastify/static's `wildcard: false`), but for those globs: any other path is left to the app's
 *   own routes without a look at the disk (the shell's pages at `/*`). Default: one wildcard route
 *   that looks on the disk for every path.
 */

/**
 * A Fastify server for one built app, as a static host (CDN, bucket) serves it: CORS so another
 * origin may load its federated code, cache headers by file kind, ETags, and the brotli or gzip
 * files the build wrote (anything else, such as server-rendered HTML, is compressed on the fly).
 *
 * @param {StaticAppOptions} options
 */
export async function createStaticApp({
  root,
  headers = {},
  allowedPath = () => true,
  serveIndexForRoutes = true,
  versionsRoot,
  serverOptions = {},
  routePerFile,
}) {
  const app = Fastify({
    logger: false,
    return503OnClosing: true,
    ...serverOptions,
    // A version's files are also served under `retry-<n>/` (`/releases/<v>/retry-2/x.js` is
    // `/releases/<v>/x.js`): the shell retries a remote under fresh URLs, which a browser's failed
    // preloads cannot answer (shell/src/remotes/remoteManifest.ts, retryUrlOf).
    rewriteUrl: (request) => (request.url ?? '/').replace(RETRY_ALIAS, '$1/'),
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers({ ...headers, 'Access-Control-Allow-Origin': '*' });
  });
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // On-the-fly compression is for dynamic responses: a fast level, not the build's best.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(fastifyStatic, {
    root: path.resolve(root),
    preCompressed: true,
    index: serveIndexForRoutes ? ['index.html'] : false,
    cacheControl: false,
    allowedPath: (pathname) => allowedPath(pathname),
    ...(routePerFile && { wildcard: false, globIgnore: [...routePerFile.except] }),
    setHeaders: (reply, file) => {
      reply.header('Cache-Control', cacheControlFor(path.basename(file)));
      if (file.endsWith('.ico')) reply.header('Content-Type', ICON_CONTENT_TYPE);
    },
  });
  if (versionsRoot) {
    await app.register(fastifyStatic, {
      root: path.resolve(versionsRoot),
      prefix: `${RELEASES_PATH}/`,
      decorateReply: false,
      preCompressed: true,
      index: false,
      cacheControl: false,
      // Mid-publish copies (.incoming-…) are not versions yet.
      allowedPath: (pathname) => !pathname.includes('/.'),
      // A version serves only its own bytes, never what a link in its folder points to.
      onFile: refuseFilesOutsideTheirVersion(versionsRoot),
      setHeaders: (reply) => reply.header('Cache-Control', 'public, max-age=31536000, immutable'),
    });
  }
  app.options('/*', async (_request, reply) => {
    reply.code(204).header('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS').send();
  });
  if (serveIndexForRoutes) {
    app.setNotFoundHandler(async (request, reply) => {
      const { pathname } = new URL(request.url, 'http://localhost');
      if (path.extname(pathname) !== '')
        return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    });
  }
  return app;
}

/**
 * Starts a Fastify app on a port of this machine.
 * @param {import('fastify').FastifyInstance} app
 * @param {{ port: number, host?: string }} where
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function listen(app, { port, host = '127.0.0.1' }) {
  await app.listen({ port, host });
  // Port 0 asks the system for a free one: the URL names the one it gave.
  const address = app.server.address();
  const listening = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://localhost:${listening}`,
    close: async () => {
      // Browsers keep connections alive; a stopped server must stop answering at once.
      app.server.closeAllConnections();
      await app.close();
    },
  };
}

/**
 * Serves one built app the way a static host would (a remote and its harness, or any build).
 * @param {StaticAppOptions & { port: number, host?: string }} options
 */
export async function serveStaticApp({ port, host, ...options }) {
  return listen(await createStaticApp(options), { port, host });
}

import http from 'node:http';
import path from 'node:path';
import { stat } from 'node:fs/promises';
import { ALWAYS_REVALIDATED } from '../webpack/createFederatedConfig.mjs';
import { compressedFile, precompressFolder } from './compressedFile.mjs';

/** @type {Record<string, string>} */
const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

const CONTENT_HASH = /\.[0-9a-f]{12}\.[a-z0-9]+$/;

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
 * @param {string} root
 * @param {string} urlPath
 * @returns {Promise<string | null>}
 */
async function findFile(root, urlPath) {
  const relative = path.normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, '');
  const candidate = path.join(root, relative);
  if (!candidate.startsWith(root)) return null;
  try {
    const info = await stat(candidate);
    if (info.isFile()) return candidate;
    if (info.isDirectory()) return findFile(root, path.join(relative, 'index.html'));
  } catch {
    return null;
  }
  return null;
}

/**
 * Serves one built app the way a static host (CDN, bucket) would: CORS for cross-origin remote
 * loading, cache headers by file kind, brotli or gzip for text, and index.html for any path without a file extension so
 * client-side routes work on reload.
 *
 * @param {{ root: string, port: number, host?: string, headers?: Record<string, string> }} options
 *   headers: sent with every response (the site's security headers, see securityHeaders.mjs)
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function serveStaticApp({ root, port, host = '127.0.0.1', headers = {} }) {
  const server = http.createServer(async (request, response) => {
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    response.setHeader('Access-Control-Allow-Origin', '*');
    if (request.method === 'OPTIONS') {
      response.writeHead(204, { 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS' }).end();
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD, OPTIONS' }).end();
      return;
    }
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    let file = await findFile(root, pathname);
    if (!file && path.extname(pathname) === '') file = await findFile(root, 'index.html');
    if (!file) {
      response.writeHead(404, { 'Content-Type': CONTENT_TYPES['.txt'] }).end('Not found');
      return;
    }
    const fileName = path.basename(file);
    const { body, encoding } = await compressedFile(file, request.headers['accept-encoding']);
    response.writeHead(200, {
      'Content-Type': CONTENT_TYPES[path.extname(fileName)] ?? 'application/octet-stream',
      'Cache-Control': cacheControlFor(fileName),
      'Content-Length': body.length,
      Vary: 'Accept-Encoding',
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  precompressFolder(root).catch((error) => console.warn(`Could not precompress ${root}:`, error));
  return {
    url: `http://localhost:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve(undefined));
        // Browsers keep connections alive; a stopped server must stop answering at once.
        server.closeAllConnections();
      }),
  };
}

// Owns how the server's answers may be kept: rendered text cached by CDNs and revalidated by
// browsers (its ETag and compressed bodies made once), and how long a client waits before asking
// again for what is not available yet (Retry-After).
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/**
 * How rendered HTML may be cached: browsers revalidate every time (ETag), a CDN keeps it a minute
 * and serves it stale while it revalidates, so a deployed remote reaches visitors within that.
 */
export const HTML_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';

/** When a remote could not be rendered: crawlers come back later instead of indexing the panel. */
export const RETRY_AFTER_SECONDS = '30';

/**
 * A rendered response's ETag and compressed bodies, made once per rendered response: the renderer
 * keeps rendered pages and the sitemap (the same object for every request of that page and
 * version), so a response served again costs no hashing and no compression, as a CDN would serve it.
 * @type {WeakMap<object, { etag: string, br: Buffer, gzip: Buffer, identity: Buffer }>}
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
      identity: bytes,
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
export function sendCacheable(request, reply, { rendered, text, type }) {
  const { etag, br, gzip, identity } = encoded(rendered, text);
  reply.headers({ 'content-type': type, vary: 'Accept-Encoding', 'cache-control': HTML_CACHE_CONTROL, etag });
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  const acceptEncoding = request.headers['accept-encoding'] ?? '';
  if (/\bbr\b/.test(acceptEncoding)) return reply.header('content-encoding', 'br').send(br);
  if (/\bgzip\b/.test(acceptEncoding)) return reply.header('content-encoding', 'gzip').send(gzip);
  return reply.send(identity);
}

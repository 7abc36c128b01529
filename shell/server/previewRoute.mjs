// Owns previews on the server (docs/releases.md, "Preview"): opening a signed preview link (its
// token kept in an HttpOnly cookie), leaving it, reading a visitor's cookie on every request
// (`request.preview`), and what no cache may keep or crawler index of a previewing visitor's answers.
import fp from 'fastify-plugin';
import { httpError } from './errorPages.mjs';
import { PREVIEW_PATH, verifyPreview } from 'release-registry/preview-links';

const COOKIE = 'shell_preview';

/**
 * @typedef {object} PreviewRouteOptions
 * @property {import('./renderBundle.js').SiteRenderer} renderer
 * @property {string | undefined} secret SHELL_PREVIEW_SECRET; unset: previews are off (404)
 * @property {readonly string[] | undefined} remoteOrigins the origins remote code may be loaded
 *   from; unset: those of the registry's manifests
 * @property {() => Promise<import('./registrySource.mjs').RegistryDocument>} readRegistry
 */

/** The value of one cookie of the request. @param {string | undefined} header @param {string} name */
function cookieOf(header, name) {
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * Marks an answer as one visitor's own: no cache, the browser's included, keeps it (`private`
 * also for a cache that ignores `no-store`), a cache that keyed the URL alone does not hand it to
 * another visitor (`Vary: Cookie`), and no crawler indexes it.
 * @param {import('fastify').FastifyReply} reply
 */
function keptByNoOne(reply) {
  const vary = String(reply.getHeader('Vary') ?? '');
  const varies = vary.split(',').some((name) => name.trim().toLowerCase() === 'cookie');
  reply
    .header('Cache-Control', 'private, no-store')
    .header('Vary', varies ? vary : [vary, 'Cookie'].filter(Boolean).join(', '))
    .header('X-Robots-Tag', 'noindex');
  reply.removeHeader('ETag');
}

/** @param {import('fastify').FastifyRequest} request @param {string} value @param {number} maxAgeSeconds */
function cookieHeader(request, value, maxAgeSeconds) {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${COOKIE}=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

/** @type {import('fastify').FastifyPluginAsync<PreviewRouteOptions>} */
async function previewRoute(app, { renderer, secret, remoteOrigins, readRegistry }) {
  app.decorateRequest('preview', null);
  if (!secret) return;
  const remotes = Object.keys(renderer.remotesStatus());
  /** @param {string} token */
  const check = async (token) => {
    const allowedOrigins =
      remoteOrigins ?? Object.values((await readRegistry()).remotes).map((url) => new URL(url).origin);
    return verifyPreview(token, { secret, remotes, allowedOrigins });
  };

  app.addHook('onRequest', async (request) => {
    const token = cookieOf(request.headers.cookie, COOKIE);
    const checked = token ? await check(token) : null;
    if (checked && 'preview' in checked) request.preview = checked.preview;
  });
  // Whatever a previewing visitor is answered is theirs alone: kept by no cache, indexed by no one.
  app.addHook('onSend', async (request, reply) => {
    if (request.preview) keptByNoOne(reply);
  });

  app.get(PREVIEW_PATH, async (request, reply) => {
    request.routeKind = 'preview';
    const { token = '' } = /** @type {{ token?: string }} */ (request.query);
    const checked = await check(token);
    if ('refused' in checked) {
      request.log.warn(`preview link refused: ${checked.refused}`);
      keptByNoOne(reply);
      throw httpError(403, `Preview link refused: ${checked.refused}`);
    }
    const { expires, path } = checked.preview;
    keptByNoOne(reply);
    return reply
      .code(303)
      .header('Set-Cookie', cookieHeader(request, token, Math.floor((expires - Date.now()) / 1000)))
      .header('Location', path)
      .send();
  });
  app.get(`${PREVIEW_PATH}/end`, async (request, reply) => {
    request.routeKind = 'preview';
    keptByNoOne(reply);
    return reply
      .code(303)
      .header('Set-Cookie', cookieHeader(request, '', 0))
      .header('Location', '/')
      .send();
  });
}

export default fp(previewRoute, { name: 'preview-route', dependencies: ['request-log', 'error-pages'] });

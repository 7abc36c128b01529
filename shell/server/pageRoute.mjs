// Owns the site's pages: every address that is neither one of the build's files nor a route of its
// own is a page, answered from the renderer's cache before any routing when it was rendered before,
// else rendered (renders only are rate-limited per client); and how each answer is sent: cacheable
// HTML (ETag, 304, compressed), a redirect, the 503 panel with Retry-After, or a page for one address.
import fp from 'fastify-plugin';
import fastifyRateLimit from '@fastify/rate-limit';
import { isHashedAsset } from 'build-tools/serve';
import { HTML_CACHE_CONTROL, RETRY_AFTER_SECONDS, sendCacheable } from './cacheableResponses.mjs';
import { httpError } from './errorPages.mjs';
import { readableUrl, splitAddress } from './requestAddress.mjs';

/** A control character in a path (`%00`): no page has one, and files must never see one. */
const ENCODED_CONTROL_CHARACTER = /%(?:[01][0-9a-f]|7f)/i;

/**
 * @param {import('fastify').FastifyRequest} request @param {import('fastify').FastifyReply} reply
 * @param {import('./renderBundle.js').RenderOutcome} outcome
 */
function sendOutcome(request, reply, outcome) {
  if (outcome.kind === 'redirect') {
    return reply
      .code(outcome.status)
      .header('Location', outcome.location)
      .header('Cache-Control', HTML_CACHE_CONTROL)
      .send();
  }
  // The panel of a remote that could not be rendered, or a page rendered for this address alone (a
  // token in its query): no CDN or browser keeps it.
  if (outcome.status === 503 || outcome.noStore) {
    reply.code(outcome.status).type('text/html; charset=utf-8').header('Vary', 'Accept-Encoding');
    reply.header('Cache-Control', 'no-store');
    if (outcome.status === 503) reply.header('Retry-After', RETRY_AFTER_SECONDS);
    return reply.send(outcome.html);
  }
  reply.code(outcome.status);
  return sendCacheable(request, reply, {
    rendered: outcome,
    text: outcome.html,
    type: 'text/html; charset=utf-8',
  });
}

/**
 * @typedef {object} PageRouteOptions
 * @property {import('./renderBundle.js').SiteRenderer} renderer
 * @property {ReturnType<typeof import('./shellMetrics.mjs').createShellMetrics>} metrics
 * @property {{ max: number, windowMs: number }} renderLimit renders per client per window
 */

/** @type {import('fastify').FastifyPluginAsync<PageRouteOptions>} */
async function pageRoute(app, { renderer, metrics, renderLimit }) {
  // Keyed on the visitor's address (`request.ip`, through the proxies trustProxy names).
  await app.register(fastifyRateLimit, {
    global: false,
    max: renderLimit.max,
    timeWindow: renderLimit.windowMs,
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (_request, context) =>
      httpError(context.statusCode, `Too many renders; try again in ${context.after}`),
  });
  const limitRenders = app.rateLimit();

  /**
   * A page of the site. One rendered before is answered from the cache first, with no loading;
   * only a render is rate-limited per client.
   * @param {import('fastify').FastifyRequest} request @param {import('fastify').FastifyReply} reply
   */
  async function renderPage(request, reply) {
    request.routeKind = 'page';
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      reply.header('Allow', 'GET, HEAD');
      throw httpError(405, 'Method Not Allowed');
    }
    const { pathname, search } = splitAddress(request.url);
    // A previewing visitor's page is rendered with the candidate: never one kept for everyone.
    const kept = request.preview ? undefined : renderer.cachedPage(pathname, search);
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
    const renderRequest = {
      beforeRender: async () => {
        await limitRenders.call(app, request, reply);
        renderStarted = performance.now();
      },
    };
    const outcome = await (request.preview
      ? renderer.renderPreview(url, request.preview, renderRequest)
      : renderer.render(url, renderRequest));
    if (renderStarted) {
      const route = outcome.status === 404 ? 'not-found' : 'page';
      metrics.rendered(route, (performance.now() - renderStarted) / 1000);
    }
    request.htmlCache = renderStarted ? 'miss' : 'hit';
    metrics.cacheLookup(!renderStarted);
    if (outcome.status === 404) request.routeKind = 'not-found';
    return sendOutcome(request, reply, outcome);
  }

  // Pages are the wildcard route, which find-my-way takes for any path no other route has: the
  // build's files each have their own (createStaticApp's `routePerFile`), so a page, or a scanner's
  // unknown path, is routed in memory with no look at the disk. Not under a prefix of their own:
  // the build's files are the site root's (`/main.js`, `/favicon.ico`). Nor the not-found handler,
  // which stays Fastify's answer to a request no route takes: another method (405).
  app.route({ method: ['GET', 'HEAD'], url: '/*', handler: renderPage });
  app.setNotFoundHandler(renderPage);
}

export default fp(pageRoute, { name: 'page-route', dependencies: ['request-log', 'error-pages'] });

// Owns the request's log line and its metrics: one line per request, written once it is answered
// (instead of Fastify's two), with the kind of answer and, for pages, whether the cache had it.
import fp from 'fastify-plugin';

/**
 * An address as the log keeps it: at most 300 characters, and a link's secret (the booking's
 * cancel link, `?token=`) replaced, since whoever reads the log must not be able to use it.
 * @param {string} url
 */
export function loggedUrl(url) {
  const redacted = url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
  return redacted.length > 300 ? `${redacted.slice(0, 300)}…` : redacted;
}

/**
 * The plugins that answer set `request.routeKind` (and `htmlCache` for pages); a request answered
 * by a route of its own without one was a file, and one answered by no route a miss.
 * @type {import('fastify').FastifyPluginAsync<{ metrics: ReturnType<typeof import('./shellMetrics.mjs').createShellMetrics> }>}
 */
async function requestLog(app, { metrics }) {
  app.decorateRequest('routeKind', null);
  app.decorateRequest('htmlCache', null);
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
}

export default fp(requestLog, { name: 'request-log' });

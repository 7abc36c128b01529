// Owns the operator's endpoints: /_shell/status (the registry, each remote's versions, visitors' Web
// Vitals' 75th percentiles, the heap) and /metrics
// (Prometheus), answered to a request made on the server's own host, not through a proxy (and
// /metrics to a scraper with the token); to anyone else they are paths like any other (the 404 page).
import { timingSafeEqual } from 'node:crypto';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * A request made on the server's own host (an operator's curl), not a visitor's through a proxy on
 * that host: its address, as trustProxy reads it, is this host's, and no proxy forwarded it (the
 * server's own host is always a trusted proxy, so a forwarded request has more than one address).
 * @param {import('fastify').FastifyRequest} request
 */
function fromThisHost(request) {
  return LOOPBACK.has(request.ip) && request.ips?.length === 1;
}

/**
 * @typedef {object} OperatorEndpointsOptions
 * @property {import('./renderBundle.js').SiteRenderer} renderer
 * @property {ReturnType<typeof import('./shellMetrics.mjs').createShellMetrics>} metrics
 * @property {() => Promise<import('./registryReader.mjs').RegistryStatus>} registryStatus where the registry
 *   is read, when it was, and why it cannot be now
 * @property {string} [metricsToken] lets a scraper elsewhere read /metrics (SHELL_METRICS_TOKEN)
 */

/** @type {import('fastify').FastifyPluginAsync<OperatorEndpointsOptions>} */
export default async function operatorEndpoints(app, { renderer, metrics, registryStatus, metricsToken }) {
  const metricsAuthorization = metricsToken ? Buffer.from(`Bearer ${metricsToken}`) : undefined;
  /** @param {import('fastify').FastifyRequest} request */
  const mayReadMetrics = (request) => {
    if (fromThisHost(request)) return true;
    const given = Buffer.from(request.headers.authorization ?? '');
    return Boolean(
      metricsAuthorization &&
      given.length === metricsAuthorization.length &&
      timingSafeEqual(given, metricsAuthorization),
    );
  };

  // The registry's source and health; which version of each remote it names, which one is
  // rendered (and, for an earlier one standing in, why), and why the last one not taken failed.
  app.get('/_shell/status', async (request, reply) => {
    if (!fromThisHost(request)) return reply.callNotFound();
    request.routeKind = 'operator';
    // ?gc (with node --expose-gc): the heap after a full collection, to tell a leak from garbage.
    if ('gc' in /** @type {Record<string, unknown>} */ (request.query)) globalThis.gc?.();
    return reply.header('Cache-Control', 'no-store').send({
      registry: await registryStatus(),
      remotes: renderer.remotesStatus(),
      webVitals: await metrics.webVitals.p75s(),
      heapUsedBytes: process.memoryUsage().heapUsed,
    });
  });
  app.get('/metrics', async (request, reply) => {
    if (!mayReadMetrics(request)) return reply.callNotFound();
    request.routeKind = 'operator';
    return reply
      .header('Cache-Control', 'no-store')
      .type(metrics.contentType)
      .send(await metrics.text());
  });
}

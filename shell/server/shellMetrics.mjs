import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { createWebVitalsMetrics } from './webVitalsMetrics.mjs';

/**
 * The shell server's Prometheus metrics (docs/operator.md, "Metrics"). Labels are bounded: a route
 * is a kind of answer (`page`, `not-found`, `static`, …), never a visitor's path.
 *
 * @param {{ liveVersions: () => Record<string, string | null>, registryFailing: () => Promise<boolean>, now?: () => number }} source
 *   `now`: the clock of the Web Vitals' per-network minute (tests pass their own)
 */
export function createShellMetrics({ liveVersions, registryFailing, now }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'shell_' });
  const requests = new Histogram({
    name: 'shell_http_request_duration_seconds',
    help: 'Time to answer a request, by route kind and status',
    labelNames: ['route', 'status'],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const renders = new Histogram({
    name: 'shell_render_duration_seconds',
    help: 'Time to render a page the HTML cache did not have (loading its remote included)',
    labelNames: ['route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const cacheLookups = new Counter({
    name: 'shell_html_cache_lookups_total',
    help: 'Pages answered from the HTML cache (hit) or rendered (miss)',
    labelNames: ['result'],
    registers: [registry],
  });
  const remoteFailures = new Counter({
    name: 'shell_remote_load_failures_total',
    help: "Failures to load or check a remote's version on the server",
    labelNames: ['remote'],
    registers: [registry],
  });
  new Gauge({
    name: 'shell_remote_live_version_info',
    help: 'The version of each remote the server renders (1 per remote and version)',
    labelNames: ['remote', 'version'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [remote, version] of Object.entries(liveVersions())) {
        this.set({ remote, version: version ?? 'none' }, 1);
      }
    },
  });
  new Gauge({
    name: 'shell_registry_failing',
    help: 'Whether the registry cannot be read now (1): the server keeps serving its last document',
    registers: [registry],
    async collect() {
      this.set((await registryFailing()) ? 1 : 0);
    },
  });
  return {
    contentType: registry.contentType,
    text: () => registry.metrics(),
    /** @param {string} route @param {number} status @param {number} seconds */
    answered: (route, status, seconds) => requests.observe({ route, status: String(status) }, seconds),
    /** @param {string} route @param {number} seconds */
    rendered: (route, seconds) => renders.observe({ route }, seconds),
    /** @param {boolean} hit */
    cacheLookup: (hit) => cacheLookups.inc({ result: hit ? 'hit' : 'miss' }),
    /** @param {string} remote */
    remoteFailed: (remote) => remoteFailures.inc({ remote }),
    /** Visitors' Web Vitals (webVitals.mjs), on /metrics with the rest. */
    webVitals: createWebVitalsMetrics(registry, { now }),
  };
}

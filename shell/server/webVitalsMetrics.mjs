// Owns the visitors' Web Vitals as the server keeps them: one prom-client histogram per metric,
// labelled by page (a route id), language and rendering, and their 75th percentiles for the status;
// beside them, values no real page reaches and beacons dropped, counted apart, and how many networks
// sent poor values (webVitalsNetworks.mjs), so an alert needs several visitors to agree.
import { Counter, Gauge, Histogram } from 'prom-client';
import { createNetworkWindow, networkOf } from './webVitalsNetworks.mjs';

/**
 * Google's "good" and "poor" thresholds are bucket bounds, so an alert on them reads exact counts;
 * `poor` is the latter, in the histogram's unit. `plausible` is the most a real page view reaches,
 * in that unit too: a value beyond it is counted apart (out of bounds), never in the histogram the
 * alert reads. LCP and FCP over 30 s: a visitor facing a blank page that long has left, and
 * web-vitals reports no paint of a page hidden before it. TTFB over 30 s: the server answers within
 * its remote budget (a second, serveShell.mjs), so that is a stalled network or a made-up value,
 * not a visit it served. INP over 10 s: a tap with no paint for ten seconds is a hung page, not a
 * slow one. CLS over 5: a layout shift scores at most 1 (a share of the viewport times a share of
 * its size), and CLS sums one burst of shifts of at most 5 s: past 5 the whole page has jumped
 * across the screen again and again.
 */
const HISTOGRAMS = {
  LCP: {
    name: 'shell_web_vitals_lcp_seconds',
    help: "Largest Contentful Paint of visitors' page views (good: 2.5 s or less)",
    buckets: [0.5, 1, 1.5, 2, 2.5, 3, 4, 5, 7.5, 10, 15, 20],
    fromBeacon: 1 / 1000,
    poor: 4,
    plausible: 30,
  },
  INP: {
    name: 'shell_web_vitals_inp_seconds',
    help: "Interaction to Next Paint of visitors' page views (good: 200 ms or less)",
    buckets: [0.025, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.75, 1, 2],
    fromBeacon: 1 / 1000,
    poor: 0.5,
    plausible: 10,
  },
  CLS: {
    name: 'shell_web_vitals_cls',
    help: "Cumulative Layout Shift of visitors' page views, unitless (good: 0.1 or less)",
    buckets: [0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
    fromBeacon: 1,
    poor: 0.25,
    plausible: 5,
  },
  FCP: {
    name: 'shell_web_vitals_fcp_seconds',
    help: "First Contentful Paint of visitors' page views (good: 1.8 s or less)",
    buckets: [0.25, 0.5, 1, 1.5, 1.8, 2.5, 3, 4, 5, 7.5, 10],
    fromBeacon: 1 / 1000,
    poor: 3,
    plausible: 30,
  },
  TTFB: {
    name: 'shell_web_vitals_ttfb_seconds',
    help: "Time to First Byte of visitors' page views (good: 0.8 s or less)",
    buckets: [0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1, 1.5, 1.8, 2.5, 4],
    fromBeacon: 1 / 1000,
    poor: 1.8,
    plausible: 30,
  },
};

/** @typedef {keyof typeof HISTOGRAMS} WebVitalName */
/** @typedef {{ page: string, language: string, rendering: string }} PageViewLabels */

export const WEB_VITAL_NAMES = /** @type {WebVitalName[]} */ (Object.keys(HISTOGRAMS));

/**
 * The 75th percentile of a histogram's cumulative buckets, interpolated within its bucket as
 * Prometheus's histogram_quantile does; the highest finite bound when it falls in +Inf.
 * @param {readonly { le: number, count: number }[]} buckets sorted by bound, +Inf last
 * @returns {number | null}
 */
export function p75OfBuckets(buckets) {
  const total = buckets.at(-1)?.count ?? 0;
  if (total === 0) return null;
  const rank = total * 0.75;
  let lower = { le: 0, count: 0 };
  for (const bucket of buckets) {
    if (bucket.count >= rank) {
      if (bucket.le === Infinity) return lower.le;
      const share = (rank - lower.count) / (bucket.count - lower.count);
      return lower.le + (bucket.le - lower.le) * share;
    }
    lower = bucket;
  }
  return lower.le;
}

/**
 * @param {import('prom-client').Registry} registry the server's, so /metrics holds them
 * @param {{ now?: () => number }} [options] the clock of the per-network minute (tests pass their own)
 */
export function createWebVitalsMetrics(registry, { now } = {}) {
  const histograms = Object.fromEntries(
    Object.entries(HISTOGRAMS).map(([metric, { name, help, buckets }]) => [
      metric,
      new Histogram({
        name,
        help,
        buckets,
        labelNames: ['page', 'language', 'rendering'],
        registers: [registry],
      }),
    ]),
  );
  const outOfBounds = new Counter({
    name: 'shell_web_vitals_out_of_bounds_total',
    help: 'Web Vitals values beyond what a real page view reaches, left out of the histograms',
    labelNames: ['metric'],
    registers: [registry],
  });
  const dropped = new Counter({
    name: 'shell_web_vitals_dropped_total',
    help: "Web Vitals beacons not counted: network_cap, past their network's share of the minute",
    labelNames: ['reason'],
    registers: [registry],
  });
  const networks = createNetworkWindow({ now });
  new Gauge({
    name: 'shell_web_vitals_poor_networks',
    help: 'Networks (/24, /48) that sent a poor value of the metric this minute (or the last, if more)',
    labelNames: ['metric'],
    registers: [registry],
    collect() {
      for (const metric of WEB_VITAL_NAMES) this.set({ metric }, networks.poorNetworks(metric));
    },
  });
  return {
    /**
     * One page view's metrics, each in the beacon's unit (ms, or none for CLS), from a client's
     * address: counted unless its network had its share of the minute; a value beyond what a page
     * reaches counted apart. Whether the beacon was counted.
     * @param {PageViewLabels} labels @param {Partial<Record<WebVitalName, number>>} metrics
     * @param {{ address: string | undefined, networkLimit: number }} from the address trustProxy
     *   read (only its network is kept, for the minute) and the beacons a network may have counted
     *   a minute
     */
    observe(labels, metrics, { address, networkLimit }) {
      const network = networkOf(address);
      if (!networks.admit(network, networkLimit)) {
        dropped.inc({ reason: 'network_cap' });
        return false;
      }
      for (const [metric, value] of Object.entries(metrics)) {
        const name = /** @type {WebVitalName} */ (metric);
        const { fromBeacon, plausible, poor } = HISTOGRAMS[name];
        const measured = value * fromBeacon;
        if (measured > plausible) {
          outOfBounds.inc({ metric: name });
          continue;
        }
        histograms[name]?.observe(labels, measured);
        if (measured > poor) networks.sentPoor(name, network);
      }
      return true;
    },
    /**
     * Each metric's 75th percentile (seconds, or unitless for CLS) and how many page views gave it,
     * over every page and by page; over every page, how many networks sent a poor value. Read from
     * the histograms' buckets rather than a reservoir of raw values: the same figure (and the same
     * bucket precision) as the PromQL alerts on them compute, and no memory beyond what /metrics
     * keeps already, however many beacons arrive.
     */
    async p75s() {
      /** @type {Record<string, Record<string, { p75: number | null, views: number }>>} */
      const byPage = {};
      /** @type {Record<string, { p75: number | null, views: number, poorNetworks: number }>} */
      const all = {};
      for (const metric of WEB_VITAL_NAMES) {
        const pages = await bucketsByPage(/** @type {Histogram} */ (histograms[metric]));
        const summed = sumBuckets([...pages.values()]);
        all[metric] = {
          p75: p75OfBuckets(summed),
          views: summed.at(-1)?.count ?? 0,
          poorNetworks: networks.poorNetworks(metric),
        };
        for (const [page, buckets] of pages) {
          (byPage[page] ??= {})[metric] = { p75: p75OfBuckets(buckets), views: buckets.at(-1)?.count ?? 0 };
        }
      }
      return { all, byPage };
    },
  };
}

/**
 * A histogram's cumulative buckets per page, summed over its languages and renderings.
 * @param {Histogram} histogram
 */
async function bucketsByPage(histogram) {
  /** @type {Map<string, Map<number, number>>} */
  const pages = new Map();
  for (const { metricName, labels, value } of (await histogram.get()).values) {
    if (!metricName?.endsWith('_bucket')) continue;
    const page = String(labels.page);
    const bounds = pages.get(page) ?? new Map();
    const le = labels.le === '+Inf' ? Infinity : Number(labels.le);
    bounds.set(le, (bounds.get(le) ?? 0) + value);
    pages.set(page, bounds);
  }
  return new Map(
    [...pages].map(([page, bounds]) => [
      page,
      [...bounds].map(([le, count]) => ({ le, count })).sort((a, b) => a.le - b.le),
    ]),
  );
}

/** @param {{ le: number, count: number }[][]} histograms the same bounds each */
function sumBuckets(histograms) {
  /** @type {Map<number, number>} */
  const bounds = new Map();
  for (const buckets of histograms) {
    for (const { le, count } of buckets) bounds.set(le, (bounds.get(le) ?? 0) + count);
  }
  return [...bounds].map(([le, count]) => ({ le, count })).sort((a, b) => a.le - b.le);
}

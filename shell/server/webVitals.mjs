// Owns POST /_shell/vitals, where visitors' browsers send their page view's Web Vitals: a small
// body of a known shape, limited per address by a limiter of its own, every field checked, kept
// only as the histograms' counts, and counted only up to its network's share of the minute
// (webVitalsMetrics.mjs). Its own parsers and error answers: a refused beacon costs no page.
import fastifyRateLimit from '@fastify/rate-limit';
import { httpError } from './errorPages.mjs';
import beacon from '../src/webVitals/webVitalsBeacon.json' with { type: 'json' };

/** A page view's beacon is about 200 bytes; anything much larger is not one. */
export const BEACON_BODY_LIMIT_BYTES = 2 * 1024;

const BEACON_FIELDS = ['page', 'language', 'rendering', 'metrics'];
/** @type {Record<string, { max: number }>} */
const METRIC_BOUNDS = beacon.metrics;

/**
 * The beacon's labels and metrics, or null when anything in it is not what the shell's pages send:
 * another field, an unknown page, language, rendering or metric, a value that is not a finite
 * number between 0 and its bound. Nothing of a refused beacon is kept.
 * @param {unknown} text the body, as sent
 * @param {{ pages: ReadonlySet<string>, languages: ReadonlySet<string> }} labels
 */
export function readBeacon(text, { pages, languages }) {
  if (typeof text !== 'string') return null;
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isPlainObject(body) || !hasExactly(body, BEACON_FIELDS)) return null;
  const { page, language, rendering, metrics } = body;
  if (!pages.has(String(page)) || !languages.has(String(language))) return null;
  if (!beacon.renderings.includes(String(rendering)) || !isPlainObject(metrics)) return null;
  const measured = Object.entries(metrics);
  if (measured.length === 0) return null;
  for (const [name, value] of measured) {
    const bound = Object.hasOwn(METRIC_BOUNDS, name) ? METRIC_BOUNDS[name] : undefined;
    if (!bound || typeof value !== 'number' || !(value >= 0 && value <= bound.max)) return null;
  }
  return {
    labels: { page: String(page), language: String(language), rendering: String(rendering) },
    metrics: /** @type {Record<string, number>} */ (metrics),
  };
}

/** @param {unknown} value @returns {value is Record<string, unknown>} */
function isPlainObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** @param {Record<string, unknown>} object @param {readonly string[]} fields */
function hasExactly(object, fields) {
  const keys = Object.keys(object);
  return keys.length === fields.length && fields.every((field) => Object.hasOwn(object, field));
}

/**
 * @typedef {object} WebVitalsOptions
 * @property {ReturnType<typeof import('./webVitalsMetrics.mjs').createWebVitalsMetrics>} webVitals the histograms
 * @property {{ pages: readonly string[], languages: readonly string[] }} labels what a beacon may be
 *   labelled with: the route table's pages and the 404, the site's languages (the renderer's)
 * @property {{ max: number, windowMs: number }} limit beacons one address may send per window
 * @property {number} networkLimit beacons counted per network (/24, /48) a minute; the rest are
 *   answered alike but dropped, so one network cannot move the 75th percentiles
 */

/**
 * Not wrapped in fastify-plugin: its parsers, its error answers and its limiter stay its own, so
 * pages keep theirs (errorPages.mjs, pageRoute.mjs).
 * @type {import('fastify').FastifyPluginAsync<WebVitalsOptions>}
 */
export default async function webVitals(app, { webVitals: histograms, labels, limit, networkLimit }) {
  const known = { pages: new Set(labels.pages), languages: new Set(labels.languages) };
  await app.register(fastifyRateLimit, { global: false });
  // Options given, so a store of its own: never the page renders' (pageRoute.mjs), whichever
  // registration's decorator answers. Keyed on the address trustProxy reads, counted before the body is.
  const limitBeacons = app.rateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (_request, context) => httpError(context.statusCode, 'Too many beacons'),
  });
  // sendBeacon sends a string as text/plain, a JSON Blob as application/json: both read as text.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    ['text/plain', 'application/json'],
    { parseAs: 'string' },
    (_request, text, done) => done(null, text),
  );
  // No page for a beacon's refusal: nobody reads it, and rendering one would cost what a page does.
  app.setErrorHandler((error, request, reply) => {
    const status = /** @type {{ statusCode?: number }} */ (error).statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, '[shell] a Web Vitals beacon failed');
    return reply
      .code(status >= 400 && status < 500 ? status : 500)
      .header('Cache-Control', 'no-store')
      .send();
  });
  app.post(
    beacon.path,
    {
      bodyLimit: BEACON_BODY_LIMIT_BYTES,
      onRequest: [
        async (request) => {
          request.routeKind = 'web-vitals';
        },
        limitBeacons,
      ],
    },
    async (request, reply) => {
      const read = readBeacon(request.body, known);
      // A dropped beacon is answered as a counted one: a browser has nothing to do about it.
      if (read) histograms.observe(read.labels, read.metrics, { address: request.ip, networkLimit });
      return reply
        .code(read ? 204 : 400)
        .header('Cache-Control', 'no-store')
        .send();
    },
  );
}

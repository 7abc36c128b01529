// What the server does with visitors' Web Vitals beacons: a good one lands in /metrics under its
// labels; anything else is refused and leaves no trace; one address is limited, others are not;
// a value no page reaches is counted apart; one network counts only its share of the minute, and
// the networks sending poor values are counted per metric; nothing a beacon does reaches the pages.
import test from 'node:test';
import assert from 'node:assert/strict';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import errorPages from './errorPages.mjs';
import pageRoute from './pageRoute.mjs';
import requestLog from './requestLog.mjs';
import { createShellMetrics } from './shellMetrics.mjs';
import webVitals, { BEACON_BODY_LIMIT_BYTES } from './webVitals.mjs';

const LABELS = {
  pages: ['marketing/HomePage', 'booking/BookingPage', 'not-found'],
  languages: ['en', 'es'],
};
const BEACON = {
  page: 'marketing/HomePage',
  language: 'es',
  rendering: 'hydrated',
  metrics: { LCP: 1850.4, INP: 96, CLS: 0.04, FCP: 900, TTFB: 120 },
};
const RENDER_LIMIT = 3;
const BEACON_LIMIT = 5;
const NETWORK_LIMIT = 6;
/** 10:00:00 on some day: the per-network minute is read from the test's own clock. */
const TEN_O_CLOCK = Date.UTC(2026, 10, 28, 10, 0, 0);

/**
 * The plugins in serveShell's order (pages first, as there), with a renderer whose every page is
 * rendered (never cached), so each page request goes through the page render limiter.
 */
async function shellServer() {
  const app = Fastify({ trustProxy: true, logger: false });
  const clock = { now: TEN_O_CLOCK };
  const metrics = createShellMetrics({
    liveVersions: () => ({}),
    registryFailing: async () => false,
    now: () => clock.now,
  });
  const renderer = /** @type {import('./renderBundle.js').SiteRenderer} */ (
    /** @type {unknown} */ ({
      cachedPage: () => undefined,
      render: async (/** @type {URL} */ _url, /** @type {any} */ request) => {
        await request?.beforeRender?.();
        return { kind: 'page', status: 200, html: '<p>the page</p>', noStore: true };
      },
      httpErrorPageFor: (/** @type {number} */ status) => status,
      renderHttpStatus: async (/** @type {number} */ status) => ({ html: `<p>${status}</p>` }),
    })
  );
  await app.register(requestLog, { metrics });
  await app.register(
    fp(
      async (instance) => {
        instance.decorate('pageHeaders', {});
      },
      { name: 'security-headers' },
    ),
  );
  await app.register(errorPages, { renderer, clientRenderedPage: '', maxUrlLength: 2048 });
  await app.register(pageRoute, { renderer, metrics, renderLimit: { max: RENDER_LIMIT, windowMs: 60_000 } });
  await app.register(webVitals, {
    webVitals: metrics.webVitals,
    labels: LABELS,
    limit: { max: BEACON_LIMIT, windowMs: 60_000 },
    networkLimit: NETWORK_LIMIT,
  });
  return { app, metrics, clock };
}

/**
 * @param {import('fastify').FastifyInstance} app @param {unknown} body
 * @param {{ from?: string, type?: string }} [options]
 */
function sendBeacon(app, body, { from = '203.0.113.7', type = 'text/plain;charset=UTF-8' } = {}) {
  return app.inject({
    method: 'POST',
    url: '/_shell/vitals',
    headers: { 'content-type': type, 'x-forwarded-for': from },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** @param {{ text: () => Promise<string> }} metrics */
async function webVitalLines(metrics) {
  return (await metrics.text()).split('\n').filter((line) => line.startsWith('shell_web_vitals_'));
}

/** What /metrics says of the Web Vitals before any beacon. */
async function webVitalLinesOfNothing() {
  return webVitalLines(createShellMetrics({ liveVersions: () => ({}), registryFailing: async () => false }));
}

test('an accepted beacon is one observation in each of its metrics’ histograms, labelled by page, language and rendering', async (t) => {
  const { app, metrics } = await shellServer();
  t.after(() => app.close());

  const answer = await sendBeacon(app, BEACON);
  assert.equal(answer.statusCode, 204);

  const lines = await webVitalLines(metrics);
  const labels = 'page="marketing/HomePage",language="es",rendering="hydrated"';
  for (const histogram of ['lcp_seconds', 'inp_seconds', 'fcp_seconds', 'ttfb_seconds', 'cls']) {
    assert.ok(lines.includes(`shell_web_vitals_${histogram}_count{${labels}} 1`), histogram);
  }
  // Milliseconds in the beacon, seconds in the histograms; CLS as it is.
  assert.ok(lines.includes(`shell_web_vitals_lcp_seconds_sum{${labels}} 1.8504`));
  assert.ok(lines.includes(`shell_web_vitals_lcp_seconds_bucket{le="2",${labels}} 1`));
  assert.ok(lines.includes(`shell_web_vitals_lcp_seconds_bucket{le="1.5",${labels}} 0`));
  assert.ok(lines.includes(`shell_web_vitals_cls_sum{${labels}} 0.04`));
});

test('a beacon with JSON’s own content type is accepted too; any other type is refused (415)', async (t) => {
  const { app, metrics } = await shellServer();
  t.after(() => app.close());

  assert.equal((await sendBeacon(app, BEACON, { type: 'application/json' })).statusCode, 204);
  const form = await sendBeacon(app, 'page=marketing%2FHomePage', {
    type: 'application/x-www-form-urlencoded',
  });
  assert.equal(form.statusCode, 415);
  assert.equal(form.body, '');
  assert.ok((await webVitalLines(metrics)).some((line) => /lcp_seconds_count\{.*\} 1$/.test(line)));
});

test('a body over the limit is refused (413) without a page, and leaves the histograms empty', async (t) => {
  const { app, metrics } = await shellServer();
  t.after(() => app.close());

  const padded = { ...BEACON, page: 'x'.repeat(BEACON_BODY_LIMIT_BYTES) };
  const answer = await sendBeacon(app, padded);
  assert.equal(answer.statusCode, 413);
  assert.equal(answer.body, '');
  assert.deepEqual(await webVitalLines(metrics), await webVitalLinesOfNothing());
});

test('a malformed beacon, or one with an unknown label, field or value, is dropped whole (400)', async (t) => {
  const { app, metrics } = await shellServer();
  t.after(() => app.close());
  const { metrics: measured, ...labels } = BEACON;

  const refused = [
    '{"page":',
    'null',
    '[]',
    { ...BEACON, page: '/services?utm=someone' },
    { ...BEACON, page: 'marketing/NoSuchPage' },
    { ...BEACON, language: 'pt' },
    { ...BEACON, rendering: 'streamed' },
    { ...BEACON, visitor: 'id-1234' },
    labels,
    { ...labels, metrics: {} },
    { ...labels, metrics: { ...measured, FID: 12 } },
    { ...labels, metrics: { LCP: -1 } },
    { ...labels, metrics: { LCP: 3_600_000 } },
    { ...labels, metrics: { CLS: 'NaN' } },
    { ...labels, metrics: { INP: null } },
    '{"page":"marketing/HomePage","language":"en","rendering":"client","metrics":{"LCP":1e999}}',
    '{"page":"marketing/HomePage","language":"en","rendering":"client","metrics":{"__proto__":{"LCP":1}}}',
  ];
  for (const [index, body] of refused.entries()) {
    const answer = await sendBeacon(app, body, { from: `198.51.100.${index + 1}` });
    assert.equal(answer.statusCode, 400, JSON.stringify(body));
  }
  assert.deepEqual(await webVitalLines(metrics), await webVitalLinesOfNothing());
});

test('past the limit one address is answered 429, while other addresses are still accepted', async (t) => {
  const { app } = await shellServer();
  t.after(() => app.close());

  const answers = [];
  for (let sent = 0; sent < BEACON_LIMIT + 2; sent += 1)
    answers.push((await sendBeacon(app, BEACON)).statusCode);
  assert.deepEqual(answers, [...Array(BEACON_LIMIT).fill(204), 429, 429]);
  assert.equal((await sendBeacon(app, BEACON, { from: '192.0.2.44' })).statusCode, 204);
});

test('a flood of refused and limited beacons from many addresses costs the pages nothing: they render, within their own limit', async (t) => {
  const { app } = await shellServer();
  t.after(() => app.close());

  for (let address = 1; address <= 20; address += 1) {
    const from = `10.1.0.${address}`;
    for (let sent = 0; sent < BEACON_LIMIT + 3; sent += 1) await sendBeacon(app, BEACON, { from });
    await sendBeacon(app, '{"page":', { from });
    await sendBeacon(app, 'x'.repeat(BEACON_BODY_LIMIT_BYTES + 1), { from });
  }
  // The address that flooded most still has every one of its renders.
  for (let render = 0; render < RENDER_LIMIT; render += 1) {
    const page = await app.inject({ url: '/', headers: { 'x-forwarded-for': '10.1.0.20' } });
    assert.equal(page.statusCode, 200);
    assert.equal(page.body, '<p>the page</p>');
  }
  const pastTheRenderLimit = await app.inject({ url: '/', headers: { 'x-forwarded-for': '10.1.0.20' } });
  assert.equal(pastTheRenderLimit.statusCode, 429);
});

test('the status’s 75th percentiles are read from the histograms’ buckets, over all pages and by page', async (t) => {
  const { app, metrics } = await shellServer();
  t.after(() => app.close());

  for (const [index, lcp] of [1200, 1400, 2200, 3500].entries()) {
    await sendBeacon(app, { ...BEACON, metrics: { LCP: lcp } }, { from: `192.0.2.${index + 1}` });
  }
  await sendBeacon(app, { ...BEACON, page: 'booking/BookingPage', metrics: { LCP: 900 } });
  const { all, byPage } = await metrics.webVitals.p75s();
  // Five views: the 75th percentile's rank is 3.75, in the (2, 2.5] bucket that holds the fourth.
  assert.equal(all.LCP?.views, 5);
  assert.ok(Math.abs((all.LCP?.p75 ?? 0) - 2.375) < 1e-9, String(all.LCP?.p75));
  assert.equal(byPage['booking/BookingPage']?.LCP?.views, 1);
  assert.equal(all.INP?.p75, null);
});

/** A metric's line on /metrics, by its start (name and labels). @param {{ text: () => Promise<string> }} metrics @param {string} start */
async function valueOf(metrics, start) {
  const line = (await webVitalLines(metrics)).find((each) => each.startsWith(`${start} `));
  return line === undefined ? undefined : Number(line.slice(start.length + 1));
}

const HOME_ES = 'page="marketing/HomePage",language="es",rendering="hydrated"';

test('a value no real page reaches (LCP of 59.9 s, CLS of 9.99) is counted apart and moves no histogram; the beacon’s others are counted', async (t) => {
  const { app, metrics } = await shellServer();
  t.after(() => app.close());

  const answer = await sendBeacon(app, { ...BEACON, metrics: { LCP: 59_900, CLS: 9.99, FCP: 900 } });
  assert.equal(answer.statusCode, 204);

  assert.equal(await valueOf(metrics, `shell_web_vitals_lcp_seconds_count{${HOME_ES}}`), undefined);
  assert.equal(await valueOf(metrics, `shell_web_vitals_cls_count{${HOME_ES}}`), undefined);
  assert.equal(await valueOf(metrics, `shell_web_vitals_fcp_seconds_count{${HOME_ES}}`), 1);
  assert.equal(await valueOf(metrics, 'shell_web_vitals_out_of_bounds_total{metric="LCP"}'), 1);
  assert.equal(await valueOf(metrics, 'shell_web_vitals_out_of_bounds_total{metric="CLS"}'), 1);
  assert.equal((await metrics.webVitals.p75s()).all.LCP?.p75, null);
});

test('the largest values a real page reaches are still counted: LCP of 30 s, INP of 10 s, CLS of 5', async (t) => {
  const { app, metrics } = await shellServer();
  t.after(() => app.close());

  await sendBeacon(app, {
    ...BEACON,
    metrics: { LCP: 30_000, INP: 10_000, CLS: 5, FCP: 30_000, TTFB: 30_000 },
  });
  for (const histogram of ['lcp_seconds', 'inp_seconds', 'cls', 'fcp_seconds', 'ttfb_seconds'])
    assert.equal(await valueOf(metrics, `shell_web_vitals_${histogram}_count{${HOME_ES}}`), 1, histogram);
  assert.ok(
    !(await webVitalLines(metrics)).some((line) => line.startsWith('shell_web_vitals_out_of_bounds_total')),
  );
});

test('a flood from one network (a /24) counts only its share of the minute; the rest is dropped and counted as such', async (t) => {
  const { app, metrics } = await shellServer();
  t.after(() => app.close());

  // 30 beacons from 6 addresses of one /24, each within its address limit, all answered alike.
  for (let address = 1; address <= 6; address += 1)
    for (let sent = 0; sent < BEACON_LIMIT; sent += 1)
      assert.equal((await sendBeacon(app, BEACON, { from: `198.51.100.${address}` })).statusCode, 204);

  assert.equal(await valueOf(metrics, `shell_web_vitals_lcp_seconds_count{${HOME_ES}}`), NETWORK_LIMIT);
  assert.equal(
    await valueOf(metrics, 'shell_web_vitals_dropped_total{reason="network_cap"}'),
    30 - NETWORK_LIMIT,
  );
  // Another network is counted meanwhile.
  await sendBeacon(app, BEACON, { from: '198.51.101.1' });
  assert.equal(await valueOf(metrics, `shell_web_vitals_lcp_seconds_count{${HOME_ES}}`), NETWORK_LIMIT + 1);
});

test('the next minute, a network that had its share is counted again', async (t) => {
  const { app, metrics, clock } = await shellServer();
  t.after(() => app.close());

  for (let sent = 0; sent < NETWORK_LIMIT + 1; sent += 1)
    await sendBeacon(app, BEACON, { from: `198.51.100.${sent + 1}` });
  clock.now += 59_000;
  await sendBeacon(app, BEACON, { from: '198.51.100.77' });
  assert.equal(await valueOf(metrics, `shell_web_vitals_lcp_seconds_count{${HOME_ES}}`), NETWORK_LIMIT);
  clock.now += 1_000;
  await sendBeacon(app, BEACON, { from: '198.51.100.77' });
  assert.equal(await valueOf(metrics, `shell_web_vitals_lcp_seconds_count{${HOME_ES}}`), NETWORK_LIMIT + 1);
});

test('IPv6 addresses share their /48’s share; another /48 has its own', async (t) => {
  const { app, metrics } = await shellServer();
  t.after(() => app.close());

  for (let sent = 0; sent < NETWORK_LIMIT + 4; sent += 1)
    await sendBeacon(app, BEACON, { from: `2001:db8:7:${sent.toString(16)}::1` });
  await sendBeacon(app, BEACON, { from: '2001:db8:8::1' });
  assert.equal(await valueOf(metrics, `shell_web_vitals_lcp_seconds_count{${HOME_ES}}`), NETWORK_LIMIT + 1);
  assert.equal(await valueOf(metrics, 'shell_web_vitals_dropped_total{reason="network_cap"}'), 4);
});

test('the networks that sent a poor value are counted per metric, each network once, and forgotten two minutes on', async (t) => {
  const { app, metrics, clock } = await shellServer();
  t.after(() => app.close());
  const poorLcp = { ...BEACON, metrics: { LCP: 6000, INP: 80, CLS: 0.02 } };

  for (const network of ['192.0.2', '198.51.100', '203.0.113'])
    for (let sent = 0; sent < 3; sent += 1)
      await sendBeacon(app, poorLcp, { from: `${network}.${sent + 1}` });
  await sendBeacon(app, { ...BEACON, metrics: { INP: 900, CLS: 0.4 } }, { from: '192.0.2.9' });
  // Good values from a fourth network do not make it a poor one.
  await sendBeacon(app, BEACON, { from: '100.64.0.1' });

  const poorNetworks = async () => {
    /** @type {Record<string, number | undefined>} */
    const counts = {};
    for (const metric of ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'])
      counts[metric] = await valueOf(metrics, `shell_web_vitals_poor_networks{metric="${metric}"}`);
    return counts;
  };
  assert.deepEqual(await poorNetworks(), { LCP: 3, INP: 1, CLS: 1, FCP: 0, TTFB: 0 });
  assert.equal((await metrics.webVitals.p75s()).all.LCP?.poorNetworks, 3);

  // The minute after, the last minute's counts still show; the one after that, nothing is left.
  clock.now += 60_000;
  assert.deepEqual(await poorNetworks(), { LCP: 3, INP: 1, CLS: 1, FCP: 0, TTFB: 0 });
  clock.now += 60_000;
  assert.deepEqual(await poorNetworks(), { LCP: 0, INP: 0, CLS: 0, FCP: 0, TTFB: 0 });
});

test('a dropped beacon’s poor values make its network no poorer, and a value out of bounds is never poor', async (t) => {
  const { app, metrics } = await shellServer();
  t.after(() => app.close());

  for (let sent = 0; sent < NETWORK_LIMIT; sent += 1)
    await sendBeacon(app, BEACON, { from: `192.0.2.${sent + 1}` });
  await sendBeacon(app, { ...BEACON, metrics: { LCP: 9000 } }, { from: '192.0.2.99' });
  await sendBeacon(app, { ...BEACON, metrics: { LCP: 59_900 } }, { from: '198.51.100.1' });
  assert.equal(await valueOf(metrics, 'shell_web_vitals_poor_networks{metric="LCP"}'), 0);
});

/**
 * The throttled phone the bench's own Chromium runs share (the phone trace, the interaction
 * latencies): Lighthouse's mobile screen, its CPU slowdown and its slow-4G network, applied through
 * the DevTools protocol on the page's own CDP session, and the wait for the shell's interactive mark.
 */
import { throttling } from 'lighthouse/core/config/constants.js';
import performanceMarks from 'shell/performance-marks' with { type: 'json' };
import { launchChromium } from './launchChromium.mjs';

/** Lighthouse's mobile preset: a mid-range phone's screen and a CPU four times slower than this one. */
export const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};
const { mobileSlow4G, DEVTOOLS_THROUGHPUT_ADJUSTMENT_FACTOR } = throttling;
const CPU_SLOWDOWN = mobileSlow4G.cpuSlowdownMultiplier;
/** Lighthouse's Kbps are 1024 bits a second; the protocol wants bytes a second. */
const kbpsToBytesPerSecond = (/** @type {number} */ kbps) => (kbps * 1024) / 8;
/**
 * Lighthouse's `mobileSlow4G` (lighthouse/core/config/constants.js, from Lantern's simulation
 * constants) as its simulator models it: 150 ms round trip, 1.6 Mbps down, 750 Kbps up (the
 * constants keep upload only pre-multiplied by DevTools' 0.9 adjustment, undone here). Lighthouse's
 * own `devtools` throttling applies the adjusted values instead (562.5 ms latency, 1.44 Mbps down),
 * so this network is a little faster than that run's.
 */
export const SLOW_4G = {
  offline: false,
  latency: mobileSlow4G.rttMs,
  downloadThroughput: kbpsToBytesPerSecond(mobileSlow4G.throughputKbps),
  uploadThroughput: kbpsToBytesPerSecond(
    (mobileSlow4G.uploadThroughputKbps ?? 0) / DEVTOOLS_THROUGHPUT_ADJUSTMENT_FACTOR,
  ),
};

/** One CDP session a page, the one its throttling was set on: attaching another costs the page work. */
const sessions =
  /** @type {WeakMap<import('playwright-core').Page, import('playwright-core').CDPSession>} */ (
    new WeakMap()
  );

/** @param {import('playwright-core').Page} page */
async function sessionOf(page) {
  let session = sessions.get(page);
  if (!session) {
    session = await page.context().newCDPSession(page);
    sessions.set(page, session);
  }
  return session;
}

/**
 * A browser of its own (a reused one drifts) with one phone-sized page, CPU slowed four times and
 * the network shaped to slow 4G, both on the page's CDP session before it navigates.
 * @param {{ initScript?: () => void }} [options] run in the page before any of its own scripts
 */
export async function openThrottledPhone({ initScript } = {}) {
  const browser = await launchChromium();
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  if (initScript) await page.addInitScript(initScript);
  const cdp = await sessionOf(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  return { browser, page };
}

/**
 * `fn(arg)` run in the page over a CDP session of its own, its promise awaited, its value returned.
 * Playwright's own waits and evaluations first inject its scripts into the page (hundreds of
 * kilobytes), a long task of the bench's own on a CPU slowed four times: after first paint on the
 * server-rendered build, before it on the client-rendered one. This injects nothing.
 * @template T, A
 * @param {import('playwright-core').Page} page
 * @param {(arg: A) => T | Promise<T>} fn self-contained: it is sent as its source
 * @param {A} arg JSON
 * @returns {Promise<T>}
 */
export async function inPage(page, fn, arg) {
  const cdp = await sessionOf(page);
  const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', {
    expression: `(${fn.toString()})(${JSON.stringify(arg)})`,
    awaitPromise: true,
    returnByValue: true,
  });
  if (exceptionDetails)
    throw new Error(`in the page: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
  return result.value;
}

/**
 * Waits until the shell has set its interactive mark, and returns when it did, in milliseconds
 * from the navigation's start (the page's time origin).
 * @param {import('playwright-core').Page} page
 */
export function waitForInteractive(page) {
  return inPage(
    page,
    (name) =>
      new Promise((resolve, reject) => {
        setTimeout(() => reject(new Error(`no ${name} mark within 60 s`)), 60_000);
        const found = () => performance.getEntriesByName(name)[0];
        const now = found();
        if (now) return resolve(now.startTime);
        const observer = new PerformanceObserver(() => {
          const entry = found();
          if (!entry) return;
          observer.disconnect();
          resolve(entry.startTime);
        });
        observer.observe({ type: 'mark' });
      }),
    performanceMarks.firstPageInteractive,
  );
}

import performanceMarks from 'shell/performance-marks' with { type: 'json' };
import { launchChromium } from './launchChromium.mjs';

/** The resource types (CDP Network.ResourceType) a page's hydration can wait for. */
const HYDRATION_WAITS_FOR = new Set(['Document', 'Script', 'Stylesheet', 'Fetch', 'XHR']);

/**
 * How many round trips, one after another, the page needs before it is interactive: a
 * request is one wave after every request that had finished before it started (document →
 * main.js → registry → manifest → remoteEntry → page chunk, for the composed site). Only what
 * hydration waits for counts: the document, scripts, stylesheets and fetches (the registry, a
 * manifest); an image a stylesheet names, or the favicon, is fetched meanwhile and holds up nothing. Lighthouse's
 * dependency tree leaves out scripts inserted at run time, which is where federation adds its
 * round trips, so the waves are read from the browser's own network events. The same run gives
 * the JavaScript transferred until then: the first load, without what is preloaded later.
 *
 * @param {string} url
 * @returns {Promise<{ chainLength: number, chain: string[], firstLoadScriptBytes: number }>}
 */
export async function measureRequestChain(url) {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1350, height: 940 } });
    const cdp = await page.context().newCDPSession(page);
    /** @type {Map<string, { url: string, sent: number, sentAtMs: number, finished: number, bytes: number, script: boolean }>} */
    const requests = new Map();
    cdp.on('Network.requestWillBeSent', ({ requestId, request, timestamp, wallTime, type }) => {
      if (!HYDRATION_WAITS_FOR.has(type ?? '')) return;
      requests.set(requestId, {
        url: request.url,
        sent: timestamp,
        sentAtMs: wallTime * 1000,
        finished: Infinity,
        bytes: 0,
        script: type === 'Script',
      });
    });
    cdp.on('Network.loadingFinished', ({ requestId, timestamp, encodedDataLength }) => {
      const request = requests.get(requestId);
      if (request) Object.assign(request, { finished: timestamp, bytes: encodedDataLength });
    });
    await cdp.send('Network.enable');
    await page.goto(url);
    // Until the first page is interactive (the shell's mark): a server-rendered page shows its
    // heading before any script, so the heading no longer marks it.
    const mark = performanceMarks.firstPageInteractive;
    await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, mark);
    // When the mark was set (not when the poll above saw it): the shell starts preloading the
    // header's pages right after, and those requests are not part of this page's first load.
    const interactiveAtMs = await page.evaluate(
      (name) => performance.timeOrigin + (performance.getEntriesByName(name)[0]?.startTime ?? 0),
      mark,
    );
    const beforeHeading = [...requests.values()]
      .filter((request) => request.sentAtMs <= interactiveAtMs && request.finished !== Infinity)
      .sort((a, b) => a.sent - b.sent);
    /** @type {Map<object, string[]>} each request's longest line of earlier, finished requests */
    const chains = new Map();
    for (const request of beforeHeading) {
      const before = beforeHeading
        .filter((earlier) => earlier.finished <= request.sent)
        .map((earlier) => chains.get(earlier) ?? []);
      const longest = before.reduce((a, b) => (b.length > a.length ? b : a), []);
      chains.set(request, [...longest, request.url]);
    }
    const chain = [...chains.values()].reduce((a, b) => (b.length > a.length ? b : a), []);
    const firstLoadScriptBytes = beforeHeading
      .filter((request) => request.script)
      .reduce((sum, request) => sum + request.bytes, 0);
    return { chainLength: chain.length, chain, firstLoadScriptBytes };
  } finally {
    await browser.close();
  }
}

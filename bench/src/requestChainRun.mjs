import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, chromiumPath } from './chromium.mjs';

/**
 * The longest chain of requests, each started by code the previous one delivered, before the
 * page's main heading is rendered (document → main.js → registry → manifest → remoteEntry → …).
 * Lighthouse's own dependency tree leaves out scripts inserted at run time, which is exactly where
 * federation adds its round trips, so the chain is read from the browser's request initiators.
 *
 * @param {string} url
 * @returns {Promise<{ chainLength: number, chain: string[] }>}
 */
export async function measureRequestChain(url) {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1350, height: 940 } });
    const cdp = await page.context().newCDPSession(page);
    /** @type {Map<string, string[]>} url → the chain that led to it, itself included */
    const chains = new Map();
    let rendered = false;
    cdp.on('Network.requestWillBeSent', ({ request, initiator }) => {
      if (rendered || chains.has(request.url)) return;
      /** @type {string[]} */
      const initiators = [];
      if (initiator.url) initiators.push(initiator.url);
      for (let stack = initiator.stack; stack; stack = stack.parent) {
        initiators.push(...stack.callFrames.map((frame) => frame.url));
      }
      const parent = initiators.map((candidate) => chains.get(candidate)).find(Boolean) ?? [];
      chains.set(request.url, [...parent, request.url]);
    });
    await cdp.send('Network.enable');
    await page.goto(url);
    await page.locator('main h1').first().waitFor();
    rendered = true;
    const chain = [...chains.values()].reduce(
      (longest, next) => (next.length > longest.length ? next : longest),
      [],
    );
    return { chainLength: chain.length, chain };
  } finally {
    await browser.close();
  }
}

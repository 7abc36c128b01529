/* global document, MutationObserver, requestAnimationFrame -- the measuring code runs in the page */
import { launchChromium } from './launchChromium.mjs';

/**
 * Milliseconds from clicking a header link to the linked page's heading being painted, after the
 * first page has loaded and gone idle; in a browser of its own, at desktop size, unthrottled.
 *
 * @param {string} siteUrl
 * @param {{ from: string, linkTo: string }} navigation e.g. from "/" the header link to "/contact"
 */
export async function measureNavigation(siteUrl, { from, linkTo }) {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1350, height: 940 } });
    await page.goto(new URL(from, siteUrl).href, { waitUntil: 'networkidle' });
    await page.locator('main h1').first().waitFor();
    // What a visitor's browser does while they read: the header's pages load a few seconds after
    // the first (the shell's usePreloadLikelyPages), then nothing else is loading.
    await page.waitForTimeout(5000);
    const link = page.locator(`header a[href="${linkTo}"]`).first();
    await link.scrollIntoViewIfNeeded();
    const before = await page.locator('main h1').first().textContent();
    const elapsed = await page.evaluate(
      ([selector, previousHeading]) =>
        new Promise((resolve) => {
          const anchor = /** @type {HTMLElement} */ (document.querySelector(selector));
          const started = performance.now();
          const observer = new MutationObserver(() => {
            const heading = document.querySelector('main h1');
            if (!heading || heading.textContent === previousHeading) return;
            observer.disconnect();
            // The frame that shows the new heading has been painted once rAF → next task runs.
            requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started)));
          });
          observer.observe(document.querySelector('main') ?? document.body, {
            childList: true,
            subtree: true,
            characterData: true,
          });
          anchor.click();
        }),
      [`header a[href="${linkTo}"]`, before],
    );
    return { navigationMs: /** @type {number} */ (elapsed) };
  } finally {
    await browser.close();
  }
}

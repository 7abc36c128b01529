/**
 * The first tap a visitor makes, measured from the first byte with no mark of the site's own: on
 * the throttled phone (CPU 4×, slow 4G), the header's menu button is tapped every 300 ms from the
 * moment the document starts arriving until the menu is open. A server-rendered page shows the
 * button at first paint and the browser opens its popover before any script; a tap that lands
 * during a long task waits for it. The monolith shows the button once it has rendered.
 */
import { openThrottledPhone } from './phoneEmulation.mjs';

/** How often a visitor who sees nothing happen taps again. */
const TAP_EVERY_MS = 300;
const GIVE_UP_AFTER_MS = 60_000;
const MENU_BUTTON = '.shell-header__menu-toggle';

/**
 * Runs in the page before its own scripts: notes when the menu first opens, on the page's clock
 * (from the navigation's start), whatever a later tap does to it. A tap that waited out a long task
 * may open the menu after the next tap was sent, and that one closes it again.
 */
function noteFirstOpen() {
  globalThis.document.addEventListener(
    'toggle',
    (event) => {
      const opened = /** @type {ToggleEvent} */ (event).newState === 'open';
      if (opened) /** @type {any} */ (globalThis).benchMenuOpenedAt ??= performance.now();
    },
    true,
  );
}

/**
 * From the navigation's start to the menu's first opening, tapping its button every 300 ms.
 * @param {string} url
 * @returns {Promise<{ firstMenuTapMs: number }>}
 */
export async function measureFirstMenuTap(url) {
  const { browser, page } = await openThrottledPhone({ initScript: noteFirstOpen });
  try {
    const started = Date.now();
    await page.goto(url, { waitUntil: 'commit' });
    const button = page.locator(MENU_BUTTON);
    const openedAt = () =>
      page.evaluate(
        () => /** @type {number | undefined} */ (/** @type {any} */ (globalThis).benchMenuOpenedAt),
      );
    while (Date.now() - started < GIVE_UP_AFTER_MS) {
      const tappedAt = Date.now();
      // Not there yet (the monolith before its render), or not tappable: tried again next time.
      await button.tap({ timeout: TAP_EVERY_MS }).catch(() => undefined);
      const opened = await openedAt().catch(() => undefined);
      if (opened !== undefined) return { firstMenuTapMs: opened };
      await page.waitForTimeout(Math.max(0, TAP_EVERY_MS - (Date.now() - tappedAt)));
    }
    throw new Error(`The menu of ${url} did not open within ${GIVE_UP_AFTER_MS} ms of taps`);
  } finally {
    await browser.close();
  }
}

/**
 * The first tap a visitor makes, measured from the first byte with no mark of the site's own: on
 * the throttled phone (CPU 4×, slow 4G), the place where the header's menu button is drawn is
 * tapped every 300 ms from the moment the document starts arriving until the menu is open. A
 * server-rendered page shows the button at first paint and the browser opens its popover before
 * any script; a tap that lands during a long task waits for it. The monolith shows the button once
 * it has rendered.
 *
 * The tap is a finger's: a touch at the button's place, sent whether or not anything is there yet.
 * Playwright's own tap first checks the button is visible, stable over two frames and the target
 * of the touch, a few round trips into the page that each wait for the main thread: that would
 * time the checks, not the page.
 */
import { openThrottledPhone, PHONE } from './phoneEmulation.mjs';
import { launchChromium } from './launchChromium.mjs';

/** How often a visitor who sees nothing happen taps again. */
const TAP_EVERY_MS = 300;
const GIVE_UP_AFTER_MS = 60_000;
const MENU_BUTTON = '.shell-header__menu-toggle';

/**
 * Where the menu button is drawn on the phone's screen: read from a load of its own, neither
 * throttled nor measured (the header's layout does not depend on the network or the CPU).
 * @param {string} url
 */
async function menuButtonCentre(url) {
  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext(PHONE)).newPage();
    await page.goto(url);
    const box = await page.locator(MENU_BUTTON).boundingBox({ timeout: 30_000 });
    if (!box) throw new Error(`${url} shows no menu button`);
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  } finally {
    await browser.close();
  }
}

/**
 * Runs in the page before its own scripts: notes when the menu first opens, on the page's clock
 * (from the navigation's start), whatever a later tap does to it. A tap that waited out a long task
 * may open the menu after the next tap was sent, and that one closes it again. The browser opens it
 * in the tap's own task, where `beforetoggle` fires; `toggle` only reports it, from a task queued
 * behind whatever else the page has to do (tens of milliseconds later while its scripts start).
 */
function noteFirstOpen() {
  globalThis.document.addEventListener(
    'beforetoggle',
    (event) => {
      const opened = /** @type {ToggleEvent} */ (event).newState === 'open';
      if (opened) /** @type {any} */ (globalThis).benchMenuOpenedAt ??= performance.now();
    },
    true,
  );
}

/**
 * From the navigation's start to the menu's first opening, tapping its place every 300 ms.
 * @param {string} url
 * @returns {Promise<{ firstMenuTapMs: number }>}
 */
export async function measureFirstMenuTap(url) {
  const { x, y } = await menuButtonCentre(url);
  const { browser, page } = await openThrottledPhone({ initScript: noteFirstOpen });
  try {
    const started = Date.now();
    await page.goto(url, { waitUntil: 'commit' });
    const openedAt = () =>
      page.evaluate(
        () => /** @type {number | undefined} */ (/** @type {any} */ (globalThis).benchMenuOpenedAt),
      );
    while (Date.now() - started < GIVE_UP_AFTER_MS) {
      const tappedAt = Date.now();
      await page.touchscreen.tap(x, y);
      const opened = await openedAt().catch(() => undefined);
      if (opened !== undefined) return { firstMenuTapMs: opened };
      await page.waitForTimeout(Math.max(0, TAP_EVERY_MS - (Date.now() - tappedAt)));
    }
    throw new Error(`The menu of ${url} did not open within ${GIVE_UP_AFTER_MS} ms of taps`);
  } finally {
    await browser.close();
  }
}

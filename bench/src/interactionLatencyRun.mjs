/**
 * Interaction latency, INP-style: on the throttled phone (CPU 4×, slow 4G), the time from the first
 * tap on a control to the next paint, read with the Event Timing API in the page itself; tapped
 * right after the shell's interactive mark, and again 2 s after it, each in a fresh load.
 */
import { openThrottledPhone, waitForInteractive } from './phoneEmulation.mjs';

/**
 * @typedef {{
 *   name: string,
 *   pathname: string,
 *   prepare?: (page: import('playwright-core').Page) => Promise<void>,
 *   tapped: string,
 *   answered: string,
 * }} Interaction
 *   `tapped`: the control (CSS); `answered`: what shows once the tap has done its work (CSS), waited
 *   for so a tap that did nothing fails the run instead of measuring nothing.
 */

/**
 * The first taps a visitor makes; the selectors name the components' own markup, which the
 * composed site and the monolith share (shell/src/layout/Header.tsx, shared-i18n's LanguageMenu,
 * remote-marketing's FaqItem on /services, remote-booking's DatePickerField on /booking).
 * @type {Interaction[]}
 */
export const INTERACTIONS = [
  {
    name: 'language switch',
    pathname: '/',
    // At phone width the language menu sits in the phone menu: opened by script (no input event).
    // The tap that opens the language menu is the page's first input; the tap measured is the
    // second, on Español, which switches the page (only entries from that tap on are counted).
    prepare: async (page) => {
      await page
        .locator('#shell-navigation')
        .evaluate((menu) => /** @type {HTMLElement} */ (menu).showPopover());
      await page.locator('[data-testid="language-toggle"]').tap();
      await page.locator('[data-testid="language-option-es"]').waitFor({ state: 'visible' });
    },
    tapped: '[data-testid="language-option-es"]',
    answered: 'html[lang="es"]',
  },
  {
    name: 'phone menu',
    pathname: '/',
    tapped: '.shell-header__menu-toggle',
    answered: '#shell-navigation:popover-open',
  },
  {
    name: 'FAQ item',
    pathname: '/services',
    // The second question: the first is open to begin with, so this tap opens an answer.
    tapped: '.marketing-faq__item:nth-child(2) .marketing-faq__toggle',
    answered: '.marketing-faq__item:nth-child(2) .marketing-faq__toggle[aria-expanded="true"]',
  },
  {
    name: 'booking date picker',
    pathname: '/booking',
    tapped: 'button[name="preferredDate"]',
    answered: '.booking-date__dialog',
  },
];

/** The later of the two taps: after the work that follows the interactive mark has had its time. */
const LATE_TAP_AFTER_MS = 2000;

/**
 * Runs in the page before its own scripts: keeps every Event Timing entry (the API reports nothing
 * shorter than 16 ms) and the first input's, which is reported whatever its duration.
 */
function observeEventTiming() {
  /** @type {Array<{ type: string, startTime: number, duration: number, interactionId: number }>} */
  const entries = [];
  /** @type {any} */ (globalThis).benchEventTiming = entries;
  /** @param {PerformanceObserverEntryList} list */
  const keep = (list) => {
    for (const entry of /** @type {any[]} */ (list.getEntries())) {
      const { entryType: type, startTime, duration, interactionId = 0 } = entry;
      entries.push({ type, startTime, duration, interactionId });
    }
  };
  new PerformanceObserver(keep).observe(
    /** @type {PerformanceObserverInit} */ ({ type: 'event', durationThreshold: 16, buffered: true }),
  );
  new PerformanceObserver(keep).observe({ type: 'first-input', buffered: true });
}

/**
 * The tap's latency: the longest entry of the interaction (pointerdown, pointerup, click, each from
 * the event to the next paint), as INP counts one interaction.
 * @param {import('playwright-core').Page} page
 * @param {number} tappedAt the page's clock just before the tap
 */
async function latencyOfTap(page, tappedAt) {
  await page.waitForFunction(
    () =>
      /** @type {any} */ (globalThis).benchEventTiming.some(
        (/** @type {any} */ e) => e.type === 'first-input',
      ),
    undefined,
    { timeout: 30_000 },
  );
  // The interaction's other entries are reported after the same paint; give them a moment.
  await page.waitForTimeout(500);
  /** @type {Array<{ type: string, startTime: number, duration: number, interactionId: number }>} */
  const entries = await page.evaluate(() => /** @type {any} */ (globalThis).benchEventTiming);
  const ofTap = entries.filter(
    (entry) => entry.startTime >= tappedAt && (entry.interactionId > 0 || entry.type === 'first-input'),
  );
  if (!ofTap.length) throw new Error('The tap left no Event Timing entry');
  return Math.max(...ofTap.map((entry) => entry.duration));
}

/**
 * One fresh load of the interaction's page on the throttled phone, one tap `delayMs` after the
 * interactive mark, and its latency.
 * @param {string} siteUrl
 * @param {Interaction} interaction
 * @param {number} delayMs
 */
async function measureOneTap(siteUrl, interaction, delayMs) {
  const { browser, page } = await openThrottledPhone({ initScript: observeEventTiming });
  try {
    await page.goto(new URL(interaction.pathname, siteUrl).href);
    await waitForInteractive(page);
    if (delayMs) await page.waitForTimeout(delayMs);
    await interaction.prepare?.(page);
    const tappedAt = await page.evaluate(() => performance.now());
    await page.locator(interaction.tapped).tap();
    await page.locator(interaction.answered).waitFor({ state: 'attached', timeout: 30_000 });
    return await latencyOfTap(page, tappedAt);
  } finally {
    await browser.close();
  }
}

/**
 * Both timings of one interaction on one build, each in a fresh load.
 * @param {string} siteUrl the build's origin
 * @param {Interaction} interaction
 */
export async function measureTapLatencies(siteUrl, interaction) {
  return {
    tapAtInteractiveMs: await measureOneTap(siteUrl, interaction, 0),
    tapAfter2sMs: await measureOneTap(siteUrl, interaction, LATE_TAP_AFTER_MS),
  };
}

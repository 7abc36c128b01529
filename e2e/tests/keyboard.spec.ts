import type { Locator, Page } from '@playwright/test';
import { test, expect, header, pageHeading } from '../support/fixtures';
import { copy } from '../support/copy';
import { DESKTOP, PHONE } from '../support/accessibility';
import { field, shownMonthGrid } from '../support/bookingForm';
import { focusedElement, focusProblems, type FocusedElement } from '../support/focus';
import { firstPageInteractive } from '../support/firstLoad';
import { LANGUAGES, languageOption } from '../support/languages';

// Keyboard-only booking and contact forms, and the date picker's keys, are proved in
// booking.spec.ts, contact-enquiry.spec.ts and the date picker's jest tests; FAQ arrow keys in
// marketing-faq.spec.ts. This file covers the page frame: skip link, header, menu, focus rings.

const shell = (key: string) => copy('shell', 'en', key);
const menuToggle = (page: Page) => header(page).locator('button[aria-controls="shell-navigation"]');

/** Presses Tab (or Shift+Tab) once and describes what took focus. */
async function tab(page: Page, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<FocusedElement> {
  await page.keyboard.press(key);
  const element = await focusedElement(page);
  if (!element) throw new Error(`${key} left focus on the page body`);
  return element;
}

/** Presses Tab until `target` has focus, as a keyboard user would reach it. */
async function tabTo(page: Page, target: Locator, maxStops = 100): Promise<FocusedElement> {
  for (let stop = 0; stop < maxStops; stop++) {
    const focused = await tab(page);
    if (await target.evaluate((node) => node === document.activeElement)) return focused;
  }
  throw new Error(`${maxStops} presses of Tab did not reach ${target.toString()}`);
}

test('Tab from the top reaches the skip link first, and Enter on it moves focus to the main content', async ({
  page,
  site,
}) => {
  await page.goto(site.url('shell', '/services'));
  await expect(pageHeading(page)).toBeVisible();
  const skipLink = page.getByRole('link', { name: shell('header.skipToContent') });
  await expect(skipLink).not.toBeInViewport();

  const focused = await tab(page);
  await expect(skipLink).toBeFocused();
  await expect(skipLink).toBeInViewport();
  expect(focusProblems(focused)).toEqual([]);

  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  expect((await tab(page)).inMain).toBe(true);
});

test('Tab goes through every header control in order, each with a visible focus ring', async ({
  page,
  site,
}) => {
  await page.goto(site.url('shell', '/'));
  await expect(pageHeading(page)).toBeVisible();
  const controls = [
    header(page).getByRole('link').first(),
    ...['nav.home', 'nav.services', 'nav.contact', 'nav.about'].map((key) =>
      header(page).getByRole('link', { name: shell(key), exact: true }),
    ),
    page.getByTestId('language-toggle'),
    header(page).getByRole('link', { name: shell('header.discoveryCall') }),
  ];
  await page.keyboard.press('Tab'); // the skip link
  for (const control of controls) {
    const focused = await tab(page);
    await expect(control).toBeFocused();
    expect(focusProblems(focused)).toEqual([]);
  }
});

test('the language menu opens with Enter or Space, Tab walks its options, Escape closes it onto its button', async ({
  page,
  site,
}) => {
  await page.goto(site.url('shell', '/services'));
  // Escape and the switch in place are the running app's.
  await firstPageInteractive(page);
  const menu = page.getByTestId('language-menu');
  const toggle = page.getByTestId('language-toggle');
  await toggle.focus();

  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('open', '');
  for (const language of LANGUAGES) {
    const focused = await tab(page);
    await expect(languageOption(page, language)).toBeFocused();
    expect(focusProblems(focused), language).toEqual([]);
  }
  await page.keyboard.press('Escape');
  await expect(menu).not.toHaveAttribute('open');
  await expect(toggle).toBeFocused();
  await expect(languageOption(page, 'en')).toBeHidden();

  await page.keyboard.press('Space');
  await expect(menu).toHaveAttribute('open', '');
  await page.keyboard.press('Tab'); // English
  await page.keyboard.press('Tab');
  await expect(languageOption(page, 'es')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'es', 'services.title'));
  await expect(menu).not.toHaveAttribute('open');
});

/**
 * Tabs from the top of the page through every stop in main (and with `andBack`, Shift+Tabs back
 * up to the header), collecting each stop that is hidden or shows no focus ring.
 */
async function tabThroughMain(page: Page, { andBack = false } = {}) {
  const problems: string[] = [];
  let focused = await tab(page);
  while (!focused.inMain) focused = await tab(page);
  let stops = 0;
  for (; focused.inMain; stops++) {
    problems.push(...focusProblems(focused));
    focused = await tab(page);
  }
  if (andBack) {
    // Shift+Tab brings each element in at the top edge, where the header sits.
    for (focused = await tab(page, 'Shift+Tab'); focused.inMain; focused = await tab(page, 'Shift+Tab'))
      problems.push(...focusProblems(focused));
  }
  return { problems, stops };
}

for (const width of [
  { name: 'desktop', viewport: DESKTOP },
  { name: 'phone', viewport: PHONE },
]) {
  test(`tabbing down and back up /services, each stop shows its ring clear of the header (${width.name})`, async ({
    page,
    site,
  }) => {
    await page.setViewportSize(width.viewport);
    await page.goto(site.url('shell', '/services'));
    await expect(pageHeading(page)).toBeVisible();
    const { problems, stops } = await tabThroughMain(page, { andBack: true });
    expect(stops).toBeGreaterThan(10);
    expect(problems).toEqual([]);
  });
}

for (const route of [
  { path: '/contact', owner: 'remote-contact' },
  { path: '/booking', owner: 'remote-booking' },
]) {
  test(`every field and button of ${route.path} shows a focus ring as Tab reaches it`, async ({
    page,
    site,
  }) => {
    await page.goto(site.url('shell', route.path));
    await expect(pageHeading(page)).toHaveText(copy(route.owner, 'en', 'title'));
    const { problems, stops } = await tabThroughMain(page);
    expect(stops).toBeGreaterThan(5);
    expect(problems).toEqual([]);
  });
}

test("the date picker's focused day shows a focus ring as the arrow keys move it", async ({ page, site }) => {
  await page.goto(site.url('shell', '/booking'));
  await field(page, 'preferredDate').focus();
  await page.keyboard.press('Enter');
  await shownMonthGrid(page);
  // Enter opened the picker onto a day; each arrow then moves to another one.
  for (const key of ['Enter', 'ArrowRight', 'ArrowDown']) {
    if (key !== 'Enter') await page.keyboard.press(key);
    const day = await focusedElement(page);
    expect(day?.name, key).toMatch(/\d/);
    expect(day && focusProblems(day), key).toEqual([]);
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('the menu opens from the keyboard, Tab walks into it, Escape closes it onto its button', async ({
    page,
    site,
  }) => {
    await page.goto(site.url('shell', '/'));
    await expect(pageHeading(page)).toBeVisible();
    const toggle = menuToggle(page);
    await page.keyboard.press('Tab'); // the skip link
    await page.keyboard.press('Tab'); // the brand
    expect(focusProblems(await tab(page))).toEqual([]);
    await expect(toggle).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(focusProblems(await tab(page))).toEqual([]);
    await expect(header(page).getByRole('link', { name: shell('nav.home'), exact: true })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
    await expect(header(page).getByRole('link', { name: shell('nav.home'), exact: true })).toBeHidden();
  });

  test('following a menu link with Enter closes the menu', async ({ page, site }) => {
    await page.goto(site.url('shell', '/'));
    await menuToggle(page).focus();
    await page.keyboard.press('Space');
    await expect(menuToggle(page)).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab'); // Home
    await page.keyboard.press('Tab');
    await expect(header(page).getByRole('link', { name: shell('nav.services') })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'en', 'services.title'));
    await expect(menuToggle(page)).toHaveAttribute('aria-expanded', 'false');
  });
});

test('an FAQ question reached by Tab opens and closes with Enter and Space', async ({ page, site }) => {
  await page.goto(site.url('shell', '/services'));
  const questions = page.getByTestId('services-faq').getByRole('button');
  await expect(questions).toHaveCount(6);
  const second = questions.nth(1);
  expect(focusProblems(await tabTo(page, second))).toEqual([]);

  await expect(second).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expect(questions.first()).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Space');
  await expect(second).toHaveAttribute('aria-expanded', 'false');
});

test('Tab onto a link that sits behind the fixed header scrolls it clear of the header', async ({
  page,
  site,
}) => {
  await page.goto(site.url('shell', '/services'));
  await expect(pageHeading(page)).toBeVisible();
  const learnMore = page.locator('main .marketing-arrow-link');
  await tabTo(page, learnMore.first());
  // The visitor scrolls on (wheel, arrow keys) until the next link is half behind the header; the
  // browser would leave it there, being inside the viewport, if the page had no scroll-padding.
  await learnMore.nth(1).evaluate((link) => {
    const headerBottom =
      document.querySelector('[data-testid="site-header"]')?.getBoundingClientRect().bottom ?? 0;
    window.scrollBy(0, link.getBoundingClientRect().top - headerBottom / 2);
  });
  const focused = await tab(page);
  await expect(learnMore.nth(1)).toBeFocused();
  expect(focusProblems(focused)).toEqual([]);
});

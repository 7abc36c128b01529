import type { Page } from '@playwright/test';
import { test, expect, header, pageHeading } from '../support/fixtures';
import { openDatePicker } from '../support/bookingForm';
import { firstPageInteractive } from '../support/firstLoad';
import { copy, keyPaths } from '../support/copy';
import { navigate, type Language } from '../support/marketingPages';
import { isSameInEveryLanguage } from '../support/sameInEveryLanguage';
import { SITE_PAGES, type SitePage } from '../support/sitePages';
import { collectVisibleTexts, validationMessages, type VisibleText } from '../support/visibleTexts';

const MOBILE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** Adds what only the open mobile menu says ("Close menu"). */
async function textsWithMenuOpen(page: Page, language: Language): Promise<VisibleText[]> {
  await page.setViewportSize(MOBILE);
  await header(page)
    .getByRole('button', { name: copy('shell', language, 'header.openMenu') })
    .click();
  const texts = await collectVisibleTexts(page);
  await header(page)
    .getByRole('button', { name: copy('shell', language, 'header.closeMenu') })
    .click();
  await page.setViewportSize(DESKTOP);
  return texts;
}

/** Adds the month, weekdays, day labels and buttons of the booking form's date picker. */
async function textsWithDatePickerOpen(page: Page): Promise<VisibleText[]> {
  await openDatePicker(page);
  const texts = await collectVisibleTexts(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  return texts;
}

/** Adds the browser's messages and the inline errors an empty form gets on submit. */
async function textsAfterEmptySubmit(page: Page): Promise<VisibleText[]> {
  await page.locator('main form [type="submit"]').click();
  return [...(await validationMessages(page)), ...(await collectVisibleTexts(page))];
}

/** Everything a page says once it is shown, including what only shows after a click. */
async function textsOf(page: Page, route: SitePage, language: Language): Promise<VisibleText[]> {
  await expect(pageHeading(page)).toHaveText(copy(route.owner, language, route.heading));
  await expect.poll(() => page.title()).toContain(copy(route.owner, language, route.metaTitle));
  const texts = await collectVisibleTexts(page);
  if (route.path === '/') texts.push(...(await textsWithMenuOpen(page, language)));
  if (route.path === '/booking') texts.push(...(await textsWithDatePickerOpen(page)));
  if (route.path === '/booking' || route.path === '/contact') {
    texts.push(...(await textsAfterEmptySubmit(page)));
  }
  return texts;
}

/** Findings as 'text: Close (on /booking)', each once, with the pages it is on. */
class Findings {
  private pages = new Map<string, string[]>();

  add(path: string, texts: VisibleText[]): void {
    for (const { source, text } of texts) {
      const finding = `${source}: ${text}`;
      const pages = this.pages.get(finding) ?? [];
      if (!pages.includes(path)) this.pages.set(finding, [...pages, path]);
    }
  }

  list(): string[] {
    return [...this.pages].map(
      ([finding, pages]) =>
        `${finding} (on ${pages.length === SITE_PAGES.length ? 'every page' : pages.join(', ')})`,
    );
  }
}

/** i18next shows a key it cannot resolve: "services.title", or a key of the page's namespaces. */
function translationKeyTest(route: SitePage): (text: string) => boolean {
  const keys = new Set([...keyPaths('shell'), ...keyPaths(route.owner)]);
  return (text) => /^[a-zA-Z]+(\.[\w-]+)+$/.test(text) || keys.has(text);
}

/** The owner's own Spanish validation strings: a message that is none of them is the browser's. */
function spanishValidationMessages(route: SitePage): string[] {
  return keyPaths(route.owner)
    .filter((key) => key.startsWith('validation.'))
    .map((key) => copy(route.owner, 'es', key));
}

test('every page reads entirely in Spanish, from the <title> to the form messages', async ({
  page,
  site,
}) => {
  const texts = { en: new Map<string, VisibleText[]>(), es: new Map<string, VisibleText[]>() };
  for (const language of ['en', 'es'] as const) {
    await page.goto(site.url('shell', language === 'es' ? '/?lang=es' : '/'));
    // History navigations (below) are followed only by the running app.
    await firstPageInteractive(page);
    for (const route of SITE_PAGES) {
      if (route.path !== '/') await navigate(page, route.path);
      texts[language].set(route.path, await textsOf(page, route, language));
    }
  }

  const [leftInEnglish, keysShown, foreignMessages] = [new Findings(), new Findings(), new Findings()];
  for (const route of SITE_PAGES) {
    const english = texts.en.get(route.path) ?? [];
    const spanish = texts.es.get(route.path) ?? [];
    const inEnglish = new Set(english.map(({ text }) => text));
    const isKey = translationKeyTest(route);
    leftInEnglish.add(
      route.path,
      spanish.filter(({ text }) => inEnglish.has(text) && !isSameInEveryLanguage(text)),
    );
    keysShown.add(
      route.path,
      [...english, ...spanish].filter(({ text }) => isKey(text)),
    );
    const messages = spanish.filter(({ source }) => source.startsWith('validation message'));
    const ours = spanishValidationMessages(route);
    foreignMessages.add(
      route.path,
      messages.filter(({ text }) => !ours.includes(text)),
    );
    if (route.path === '/booking' || route.path === '/contact') {
      expect.soft(messages.length, `${route.path}: fields refused on an empty submit`).toBeGreaterThan(0);
    }
  }
  expect.soft(leftInEnglish.list(), 'English text on Spanish pages').toEqual([]);
  expect.soft(keysShown.list(), 'translation keys shown as text').toEqual([]);
  expect.soft(foreignMessages.list(), 'validation messages not in the form’s Spanish').toEqual([]);
});

/** The language of a strings chunk a request fetches (`locale-es-json.<hash>.js`), if it is one. */
const localeOf = (url: string) => /\/locale-([a-z]{2})-json\.[0-9a-f]+\.js$/.exec(url)?.[1];

test('a page downloads the strings of its own language only; the other arrives when the toggle is pointed at', async ({
  page,
  site,
}) => {
  const fetched: string[] = [];
  page.on('request', (request) => {
    const language = localeOf(request.url());
    if (language) fetched.push(language);
  });
  await page.goto(site.url('shell', '/services?lang=es'));
  await firstPageInteractive(page);
  expect(fetched).toContain('es');
  expect(fetched).not.toContain('en');

  const toggle = page.getByTestId('language-toggle');
  await toggle.hover();
  await expect.poll(() => fetched.includes('en')).toBe(true);
  await toggle.click();
  await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'en', 'services.title'));
  await expect(page).toHaveURL(/\/services$/);
});

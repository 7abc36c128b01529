import type { Page } from '@playwright/test';
import { test, expect, header, isSameDocument, markDocument, pageHeading } from '../support/fixtures';
import { openDatePicker } from '../support/bookingForm';
import { firstPageInteractive } from '../support/firstLoad';
import { copy, keyPaths, titleOfPage } from '../support/copy';
import { navigate } from '../support/marketingPages';
import {
  LANGUAGE_TAGS,
  LANGUAGES,
  languageOption,
  languageSearch,
  OWN_NAMES,
  type Language,
} from '../support/languages';
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
function formMessages(route: SitePage, language: Language): string[] {
  return keyPaths(route.owner)
    .filter((key) => key.startsWith('validation.'))
    .map((key) => copy(route.owner, language, key));
}

test('every page reads entirely in Spanish and in Portuguese, from the <title> to the form messages', async ({
  page,
  site,
}) => {
  test.setTimeout(180_000);
  const texts = {
    en: new Map<string, VisibleText[]>(),
    es: new Map<string, VisibleText[]>(),
    pt: new Map<string, VisibleText[]>(),
  };
  for (const language of LANGUAGES) {
    await page.goto(site.url('shell', `/${languageSearch(language)}`));
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
    const inEnglish = new Set(english.map(({ text }) => text));
    const isKey = translationKeyTest(route);
    keysShown.add(
      route.path,
      english.filter(({ text }) => isKey(text)),
    );
    for (const language of ['es', 'pt'] as const) {
      const translated = texts[language].get(route.path) ?? [];
      const where = `${route.path} (${language})`;
      leftInEnglish.add(
        where,
        translated.filter(({ text }) => inEnglish.has(text) && !isSameInEveryLanguage(text)),
      );
      keysShown.add(
        where,
        translated.filter(({ text }) => isKey(text)),
      );
      const messages = translated.filter(({ source }) => source.startsWith('validation message'));
      const ours = formMessages(route, language);
      foreignMessages.add(
        where,
        messages.filter(({ text }) => !ours.includes(text)),
      );
      if (route.path === '/booking' || route.path === '/contact') {
        expect.soft(messages.length, `${where}: fields refused on an empty submit`).toBeGreaterThan(0);
      }
    }
  }
  expect.soft(leftInEnglish.list(), 'English text on Spanish or Portuguese pages').toEqual([]);
  expect.soft(keysShown.list(), 'translation keys shown as text').toEqual([]);
  expect.soft(foreignMessages.list(), 'validation messages not in the form’s own language').toEqual([]);
});

/** The language of a strings chunk a request fetches (`locale-es-json.<hash>.js`), if it is one. */
const localeOf = (url: string) => /\/locale-([a-z]{2})-json\.[0-9a-f]+\.js$/.exec(url)?.[1];

test('a page downloads the strings of its own language only; another arrives when its option is pointed at', async ({
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
  expect(fetched).not.toContain('pt');

  await page.getByTestId('language-toggle').click();
  const english = languageOption(page, 'en');
  await english.hover();
  await expect.poll(() => fetched.includes('en')).toBe(true);
  await english.click();
  await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'en', 'services.title'));
  await expect(page).toHaveURL(/\/services$/);
  // Only the language pointed at: not every language the open menu lists.
  expect(fetched).not.toContain('pt');
});

/** The menu button's accessible name: "Language: English", in the page's language. */
const menuLabel = (language: Language) =>
  copy('shared-i18n', language, 'menuLabel').replace('{{language}}', OWN_NAMES[language]);

test('the header offers every language by its own name, and switches the page to Portuguese in place', async ({
  page,
  site,
  pageErrors,
}) => {
  await page.goto(site.url('shell', '/services'));
  await firstPageInteractive(page);
  await markDocument(page);
  const menu = page.getByTestId('language-menu');
  const toggle = page.getByTestId('language-toggle');
  await expect(toggle).toHaveText(OWN_NAMES.en);
  await expect(toggle).toHaveAttribute('aria-label', menuLabel('en'));

  await toggle.click();
  await expect(menu).toHaveAttribute('open', '');
  for (const language of LANGUAGES) {
    const option = languageOption(page, language);
    await expect(option).toBeVisible();
    await expect(option).toHaveText(OWN_NAMES[language]);
    await expect(option).toHaveAttribute('href', `?lang=${language}`);
    await expect(option).toHaveAttribute('hreflang', LANGUAGE_TAGS[language]);
    await expect(option).toHaveAttribute('lang', LANGUAGE_TAGS[language]);
  }
  await expect(languageOption(page, 'en')).toHaveAttribute('aria-current', 'true');
  await expect(languageOption(page, 'pt')).not.toHaveAttribute('aria-current');

  await languageOption(page, 'pt').click();
  await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'pt', 'services.title'));
  await expect(page).toHaveTitle(titleOfPage(copy('remote-marketing', 'pt', 'services.metaTitle')));
  await expect(page).toHaveURL(/\/services\?lang=pt$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(header(page).getByRole('link', { name: copy('shell', 'pt', 'nav.services') })).toBeVisible();
  await expect(menu).not.toHaveAttribute('open');
  await expect(toggle).toHaveText(OWN_NAMES.pt);
  await expect(toggle).toHaveAttribute('aria-label', menuLabel('pt'));
  await expect(languageOption(page, 'pt')).toHaveAttribute('aria-current', 'true');
  await expect(languageOption(page, 'en')).not.toHaveAttribute('aria-current');
  expect(await isSameDocument(page)).toBe(true);
  expect(pageErrors).toEqual([]);
});

test('every page loaded at ?lang=pt hydrates in Portuguese: <html lang>, <title> and <main>', async ({
  page,
  site,
  pageErrors,
}) => {
  test.setTimeout(120_000);
  for (const sitePage of SITE_PAGES) {
    const where = `${sitePage.path} (pt)`;
    await page.goto(site.url('shell', `${sitePage.path}?lang=pt`));
    // The 404 page is the shell's own: no remote page marks it interactive.
    if (sitePage.owner !== 'shell') await firstPageInteractive(page);
    await expect(page.locator('html'), where).toHaveAttribute('lang', 'pt-BR');
    await expect(pageHeading(page), where).toHaveText(copy(sitePage.owner, 'pt', sitePage.heading));
    await expect.poll(() => page.title(), where).toContain(copy(sitePage.owner, 'pt', sitePage.metaTitle));
    await expect(page.getByTestId('language-toggle'), where).toHaveText(OWN_NAMES.pt);
  }
  // The 404 page's own document status is reported as a failed load; nothing else may be.
  expect(pageErrors.filter((message) => !/Failed to load resource: .*404/.test(message))).toEqual([]);
});

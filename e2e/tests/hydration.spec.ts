import { test, expect, pageHeading } from '../support/fixtures';
import { copy } from '../support/copy';
import { SITE_PAGES } from '../support/sitePages';
import { firstPageInteractive } from '../support/firstLoad';
import { chooseLanguage } from '../support/languages';

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

/** The browser's own line for a document answered 404 (the 404 page), not an error of the page. */
const isDocumentStatus = (message: string) => /Failed to load resource: .*404/.test(message);

for (const width of WIDTHS) {
  for (const language of ['en', 'es'] as const) {
    test(`every page hydrates without a mismatch or a React error (${width.name}, ${language})`, async ({
      page,
      site,
      pageErrors,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(width.viewport);
      for (const sitePage of SITE_PAGES) {
        const search = language === 'es' ? '?lang=es' : '';
        await page.goto(site.url('shell', `${sitePage.path}${search}`));
        await expect(pageHeading(page)).toHaveText(copy(sitePage.owner, language, sitePage.heading));
        // Hydrated: React has attached its handlers to the server's HTML.
        await expect
          .poll(() => page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).length > 0))
          .toBe(true);
      }
      expect(pageErrors.filter((message) => !isDocumentStatus(message))).toEqual([]);
    });
  }
}

test('after hydration the language menu switches the whole page and the URL, as before', async ({
  page,
  site,
}) => {
  await page.goto(site.url('shell', '/services'));
  await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'en', 'services.title'));
  await chooseLanguage(page, 'es');
  await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'es', 'services.title'));
  await expect(page).toHaveURL(site.url('shell', '/services?lang=es'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page).toHaveTitle(new RegExp(copy('remote-marketing', 'es', 'services.metaTitle')));
});

test('a server-rendered page is interactive: in-app navigation keeps the client behaviour', async ({
  page,
  site,
}) => {
  await page.goto(site.url('shell', '/'));
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  await page.getByTestId('site-header').getByRole('link', { name: 'Services' }).click();
  await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'en', 'services.title'));
  // An unknown service id reached in the app replaces the entry with /services, as before.
  await page.evaluate(() => {
    window.history.pushState({}, '', '/services/no-such-service');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page).toHaveURL(site.url('shell', '/services'));
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(
    true,
  );
});

test('a visitor who scrolls the page before it hydrates stays where they scrolled to', async ({
  page,
  site,
}) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  // The shell's start is held back until the visitor has scrolled the server's HTML.
  let releaseStart: () => void = () => undefined;
  const startHeld = new Promise<void>((resolve) => {
    releaseStart = resolve;
  });
  await page.route('**/main.js', async (route) => {
    await startHeld;
    await route.continue();
  });
  await page.goto(site.url('shell', '/services'), { waitUntil: 'domcontentloaded' });
  await page.evaluate(() => window.scrollTo(0, 400));
  releaseStart();
  await firstPageInteractive(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(400);
});

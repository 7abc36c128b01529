import { test, expect, pageHeading } from '../support/fixtures';
import { copy } from '../support/copy';
import { MARKETING_PAGES } from '../support/marketingPages';
import { chooseLanguage, OWN_NAMES } from '../support/languages';

test.use({ javaScriptEnabled: false });

test('with JavaScript off every marketing page shows its full content', async ({ page, site }) => {
  test.setTimeout(120_000);
  for (const marketingPage of MARKETING_PAGES) {
    await page.goto(site.url('shell', marketingPage.path));
    await expect(pageHeading(page), marketingPage.path).toHaveText(
      copy('remote-marketing', 'en', marketingPage.heading),
    );
    for (const [testId, count] of Object.entries(marketingPage.counts)) {
      await expect(page.getByTestId(testId), `${marketingPage.path} ${testId}`).toHaveCount(count);
    }
  }
});

test('with JavaScript off the header and footer links are plain links that work', async ({ page, site }) => {
  await page.goto(site.url('shell', '/?lang=es'));
  await page
    .getByTestId('site-header')
    .getByRole('link', { name: copy('shell', 'es', 'nav.about') })
    .click();
  await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'es', 'about.title'));
  await page
    .getByTestId('site-footer')
    .getByRole('link', { name: copy('shell', 'es', 'footer.company.privacy') })
    .click();
  await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'es', 'privacy.title'));
});

test('with JavaScript off the language menu opens the same page in another language, and back', async ({
  page,
  site,
}) => {
  await page.goto(site.url('shell', '/services'));
  // A <details> element: it opens without a script, and each language is a plain link.
  await chooseLanguage(page, 'es');
  await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'es', 'services.title'));
  await expect(page).toHaveURL(/\/services\?lang=es$/);
  await chooseLanguage(page, 'pt');
  await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'pt', 'services.title'));
  await expect(page).toHaveURL(/\/services\?lang=pt$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(page.getByTestId('language-toggle')).toHaveText(OWN_NAMES.pt);
  await chooseLanguage(page, 'en');
  await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'en', 'services.title'));
  // An unknown path's 404, one page shared by every such path, links each to itself.
  await page.goto(site.url('shell', '/no-such-page'));
  await chooseLanguage(page, 'es');
  await expect(page).toHaveURL(/\/no-such-page\?lang=es$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(copy('shell', 'es', 'notFound.title'));
});

for (const form of [
  { path: '/booking', owner: 'remote-booking' },
  { path: '/contact', owner: 'remote-contact' },
] as const) {
  test(`with JavaScript off ${form.path} says its form needs JavaScript`, async ({ page, site }) => {
    await page.goto(site.url('shell', `${form.path}?lang=es`));
    await expect(page.getByTestId('noscript-notice')).toHaveText(copy(form.owner, 'es', 'noscript'));
  });
}

test("with JavaScript off a phone's menu button opens the menu, and its links work", async ({
  page,
  site,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(site.url('shell', '/contact'));
  const servicesLink = page
    .getByTestId('site-header')
    .getByRole('link', { name: copy('shell', 'en', 'nav.services') });
  await expect(servicesLink).toBeHidden();
  await page.getByRole('button', { name: copy('shell', 'en', 'header.openMenu') }).click();
  await servicesLink.click();
  await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'en', 'services.title'));
});

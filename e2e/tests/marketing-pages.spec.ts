import { test, expect, pageHeading } from '../support/fixtures';
import { copy } from '../support/copy';
import { expectCounts, MARKETING_PAGES, navigate } from '../support/marketingPages';
import { chooseLanguage } from '../support/languages';

const HOSTS = [
  { app: 'shell', label: 'composed site' },
  { app: 'marketing', label: 'isolation harness' },
] as const;

for (const host of HOSTS) {
  test(`every marketing page shows its sections with the counts of docs/product.md §2, in English and in Spanish (${host.label})`, async ({
    page,
    site,
    pageErrors,
  }) => {
    await page.goto(site.url(host.app, '/'));
    for (const language of ['en', 'es'] as const) {
      if (language === 'es') {
        await chooseLanguage(page, 'es');
        // As a visitor would, see the page switch before navigating on: a navigation started while
        // the other language's strings are still arriving is undone by the switch (docs/languages.md, "One language per page").
        await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      }
      for (const route of MARKETING_PAGES) {
        await navigate(page, route.path);
        await expect
          .soft(pageHeading(page), `${route.path} (${language})`)
          .toHaveText(copy('remote-marketing', language, route.heading));
        await expectCounts(page, route);
      }
    }
    expect(pageErrors).toEqual([]);
  });
}

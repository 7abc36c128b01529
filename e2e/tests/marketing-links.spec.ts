import type { Page } from '@playwright/test';
import { test, expect, pageHeading } from '../support/fixtures';
import { copy } from '../support/copy';
import { MARKETING_PAGES } from '../support/marketingPages';

/** The site's own links, by path, that a page offers (header, page and footer). */
async function internalLinks(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLAnchorElement>('a[href]'))
      .map((link) => new URL(link.href, window.location.href))
      .filter((url) => url.origin === window.location.origin)
      .map((url) => url.pathname),
  );
}

/** Links whose target has moved: the page they land on instead. */
const MOVED = new Map([['/services/content', '/services/content-marketing']]);

test('every link on every marketing page lands on a real page, never the 404 or a bounce to /services', async ({
  page,
  site,
  pageErrors,
}) => {
  test.setTimeout(120_000);
  const targets = new Set<string>();
  for (const route of MARKETING_PAGES) {
    await page.goto(site.url('shell', route.path));
    await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'en', route.heading));
    for (const target of await internalLinks(page)) targets.add(target);
  }
  // The links docs/product.md §2 and the footer (§3) name must be among them.
  for (const expected of [
    '/services/ai-customer-support',
    '/services/seo',
    '/services/ppc',
    '/services/analytics',
  ]) {
    expect(targets).toContain(expected);
  }
  for (const expected of [
    '/services/social-media',
    '/services/web-development',
    '/services/content-marketing',
  ]) {
    expect(targets).toContain(expected);
  }
  expect(targets).toContain('/services/content');

  for (const target of targets) {
    await page.goto(site.url('shell', target));
    await expect(pageHeading(page), target).toBeVisible();
    await expect(page.getByTestId('not-found'), target).toHaveCount(0);
    await expect(page, target).toHaveURL(site.url('shell', MOVED.get(target) ?? target));
  }
  expect(pageErrors).toEqual([]);
});

for (const host of ['shell', 'marketing'] as const) {
  test(`/services/content moves to /services/content-marketing, replacing the history entry (${host})`, async ({
    page,
    site,
  }) => {
    await page.goto(site.url(host, '/about'));
    await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'en', 'about.title'));
    await page.evaluate(() => {
      window.history.pushState({}, '', '/services/content');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(site.url(host, '/services/content-marketing'));
    await expect(pageHeading(page)).toHaveText(
      copy('remote-marketing', 'en', 'serviceDetail.content-marketing.title'),
    );
    await page.goBack();
    await expect(page).toHaveURL(site.url(host, '/about'));
  });
}

test('a redirect keeps the visitor in Spanish', async ({ page, site }) => {
  await page.goto(site.url('shell', '/services/content?lang=es'));
  await expect(page).toHaveURL(site.url('shell', '/services/content-marketing?lang=es'));
  await expect(pageHeading(page)).toHaveText(
    copy('remote-marketing', 'es', 'serviceDetail.content-marketing.title'),
  );
  await page.goto(site.url('shell', '/services/no-such-service?lang=es'));
  await expect(page).toHaveURL(site.url('shell', '/services?lang=es'));
  await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'es', 'services.title'));
});

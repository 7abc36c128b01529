import type { Page } from '@playwright/test';
import { test, expect, pageHeading } from '../support/fixtures';
import { copy, titleOfPage } from '../support/copy';
import { MARKETING_PAGES } from '../support/marketingPages';
import { chooseLanguage, LANGUAGE_TAGS, LANGUAGES } from '../support/languages';

type JsonLdNode = Record<string, unknown> & { '@type': string; '@id'?: string };

async function structuredData(page: Page): Promise<JsonLdNode[]> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(scripts.length).toBeGreaterThan(0);
  return scripts.flatMap((text: string) => {
    const data = JSON.parse(text) as { '@context': string; '@graph'?: JsonLdNode[] } & JsonLdNode;
    expect(data['@context']).toBe('https://schema.org');
    return data['@graph'] ?? [data];
  });
}

const PAGE_TYPES = ['WebPage', 'AboutPage', 'CollectionPage'];

for (const route of MARKETING_PAGES) {
  test(`${route.path} has its own title, description and JSON-LD (${route.jsonLdType}) in each language`, async ({
    page,
    site,
  }) => {
    await page.goto(site.url('shell', route.path));
    // Switched in place, as a visitor does: the head follows the page into each language.
    for (const language of LANGUAGES) {
      if (language !== 'en') await chooseLanguage(page, language);
      await expect(pageHeading(page)).toHaveText(copy('remote-marketing', language, route.heading));
      await expect(page).toHaveTitle(titleOfPage(copy('remote-marketing', language, route.metaTitle)));
      await expect(page.locator('head meta[name="description"]')).toHaveAttribute(
        'content',
        copy('remote-marketing', language, route.metaDescription),
      );

      const nodes = await structuredData(page);
      const types = nodes.map((node) => node['@type']);
      expect(types).toContain(route.jsonLdType);
      const organization = nodes.find((node) => node['@type'] === 'ProfessionalService');
      expect(organization).toMatchObject({ name: expect.any(String), url: expect.any(String) });
      const webPage = nodes.find((node) => PAGE_TYPES.includes(node['@type']));
      expect(webPage).toMatchObject({
        publisher: { '@id': organization?.['@id'] },
        inLanguage: LANGUAGE_TAGS[language],
      });
      for (const service of nodes.filter((node) => node['@type'] === 'Service')) {
        expect(service.provider).toEqual({ '@id': organization?.['@id'] });
      }
    }
  });
}

test('the home page describes the organization with a contact point', async ({ page, site }) => {
  await page.goto(site.url('shell', '/'));
  await expect(pageHeading(page)).toBeVisible();
  const organization = (await structuredData(page)).find((node) => node['@type'] === 'ProfessionalService');
  expect(organization).toMatchObject({
    description: expect.any(String),
    contactPoint: { '@type': 'ContactPoint', telephone: expect.any(String), email: expect.any(String) },
  });
});

test('the services page lists the six services it presents', async ({ page, site }) => {
  await page.goto(site.url('shell', '/services'));
  await expect(pageHeading(page)).toBeVisible();
  const list = (await structuredData(page)).find((node) => node['@type'] === 'ItemList');
  expect(list?.itemListElement).toHaveLength(6);
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { REPOSITORY_ROOT } from './site';
import type { Language } from './languages';

export type { Language } from './languages';

interface MarketingStrings {
  serviceDetail: Record<string, { title: string }>;
}

/** remote-marketing's own translation file, so tests follow the team's wording and services. */
export function marketingStrings(language: Language): MarketingStrings {
  const file = path.join(REPOSITORY_ROOT, 'remote-marketing', 'src', 'locales', `${language}.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as MarketingStrings;
}

/** Every service with a detail page, as remote-marketing's content lists them. */
export const SERVICE_IDS = Object.keys(marketingStrings('en').serviceDetail);

export interface MarketingPage {
  path: string;
  /** Translation keys of the main heading, the <title> text and the meta description. */
  heading: string;
  metaTitle: string;
  metaDescription: string;
  /** The schema.org type the page's JSON-LD is about, besides the organization that publishes it. */
  jsonLdType: string;
  /** docs/product.md §2 counts: how many elements of each data-testid the page shows. */
  counts: Record<string, number>;
}

const servicePages: MarketingPage[] = SERVICE_IDS.map((id) => ({
  path: `/services/${id}`,
  heading: `serviceDetail.${id}.title`,
  metaTitle: `serviceDetail.${id}.title`,
  metaDescription: `serviceDetail.${id}.subtitle`,
  jsonLdType: 'Service',
  counts: { 'page-hero': 1, 'service-benefit': 5, 'process-step': 4, 'call-to-action': 1 },
}));

/** Every route remote-marketing serves (docs/product.md §2), with what it must show. */
export const MARKETING_PAGES: MarketingPage[] = [
  {
    path: '/',
    heading: 'home.title',
    metaTitle: 'home.metaTitle',
    metaDescription: 'home.metaDescription',
    jsonLdType: 'ProfessionalService',
    counts: { 'page-hero': 1, 'home-service-card': 6, 'home-ai-feature': 4, 'call-to-action': 1 },
  },
  {
    path: '/services',
    heading: 'services.title',
    metaTitle: 'services.metaTitle',
    metaDescription: 'services.metaDescription',
    jsonLdType: 'ItemList',
    counts: {
      'page-hero': 1,
      'service-section': 6,
      'service-feature': 6 * 5,
      'process-step': 4,
      'faq-item': 6,
      'call-to-action': 1,
    },
  },
  ...servicePages,
  {
    path: '/about',
    heading: 'about.title',
    metaTitle: 'about.metaTitle',
    metaDescription: 'about.metaDescription',
    jsonLdType: 'AboutPage',
    counts: { 'page-hero': 1, 'about-story-feature': 4, 'about-value': 6, 'call-to-action': 1 },
  },
  {
    path: '/privacy',
    heading: 'privacy.title',
    metaTitle: 'privacy.metaTitle',
    metaDescription: 'privacy.metaDescription',
    jsonLdType: 'WebPage',
    counts: { 'page-hero': 1, 'legal-section': 4 },
  },
  {
    path: '/terms',
    heading: 'terms.title',
    metaTitle: 'terms.metaTitle',
    metaDescription: 'terms.metaDescription',
    jsonLdType: 'WebPage',
    counts: { 'page-hero': 1, 'legal-section': 4 },
  },
];

/** Checks a page's counts, reporting every miss under the page's path rather than stopping. */
export async function expectCounts(page: Page, route: MarketingPage): Promise<void> {
  for (const [testId, count] of Object.entries(route.counts)) {
    await expect.soft(page.getByTestId(testId), `${route.path} ${testId}`).toHaveCount(count);
  }
  // docs/product.md §2: five features in each service section, not just thirty in all.
  for (const section of await page.getByTestId('service-section').all()) {
    await expect.soft(section.getByTestId('service-feature'), `${route.path} features`).toHaveCount(5);
  }
}

/** Client-side navigation, as a link inside the page would do it (no reload). */
export async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

import { test as base, expect, type Page } from '@playwright/test';
import { ComposedSite } from './site';

interface WorkerFixtures {
  site: ComposedSite;
}

interface TestFixtures {
  /** Console errors and uncaught exceptions of the page; most tests expect none. */
  pageErrors: string[];
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  site: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const site = await ComposedSite.start();
      await use(site);
      await site.stopAll();
    },
    { scope: 'worker', auto: true },
  ],
  pageErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await use(errors);
  },
});

export { expect };

/** Marks the document so a test can tell a client-side navigation from a full page load. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
}

export async function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
}

export const header = (page: Page) => page.getByTestId('site-header');
export const footer = (page: Page) => page.getByTestId('site-footer');
export const pageHeading = (page: Page) => page.locator('main h1').first();

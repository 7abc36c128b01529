import { test as base, expect, type Page } from '@playwright/test';
import { ComposedSite } from './site';
import performanceMarks from 'shell/performance-marks' with { type: 'json' };

interface WorkerFixtures {
  site: ComposedSite;
}

interface TestFixtures {
  /** Console errors and uncaught exceptions of the page; most tests expect none. */
  pageErrors: string[];
}

/**
 * Waits, on a page the shell's server rendered, until its scripts have started its first render:
 * they start once the page has painted, after `load`, and from then on a click is React's to
 * handle (hydration gives it priority), not the browser's following a link or doing nothing.
 */
export async function shellStarted(page: Page): Promise<void> {
  await page.waitForFunction(
    (mark) => !document.getElementById('shell-ssr-state') || performance.getEntriesByName(mark).length > 0,
    performanceMarks.firstRenderStart,
  );
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  // `goto` without a `waitUntil` of its own also waits for the shell's start (with JavaScript on),
  // as a visitor waits for the page to respond; a test about the moments before asks for
  // `domcontentloaded` or `load`.
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (!options?.waitUntil && javaScriptEnabled !== false) await shellStarted(page);
      return response;
    };
    await use(page);
  },
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

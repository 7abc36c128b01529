// Visitors' own Web Vitals, from a phone's page views to the shell server's histograms: the
// measuring loads after the page is interactive, and each page view's beacon reaches /metrics.
import type { Page } from '@playwright/test';
import { test, expect, pageHeading } from '../support/fixtures';
import { firstPageInteractive } from '../support/firstLoad';
import { startShellProcess } from '../support/shellProcess';
import { everyRemoteLoaded } from '../support/shellStatus';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** Observations in a histogram of the shell's /metrics, summed over its labels. */
async function observations(shellUrl: string, histogram: string): Promise<number> {
  const text = await (await fetch(`${shellUrl}/metrics`)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${histogram}_count{`))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

/** Waits for the measuring's own chunk, which loads only once the page is interactive and idle. */
async function measuring(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((entry) => /\/web-vitals\.[^/]*\.js$/.test(entry.name)),
  );
}

/**
 * Waits until the browser has timed the page's first tap (Event Timing reports it after the next
 * paint, as the page's first input) and web-vitals has read it (in an idle callback, which this
 * one follows): a page hidden before then has no interaction to report.
 */
async function firstTapTimed(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        new PerformanceObserver((_list, observer) => {
          observer.disconnect();
          requestIdleCallback(() => resolve());
        }).observe({ type: 'first-input', buffered: true });
      }),
  );
}

/**
 * The visitor switches away (another tab, the phone's home screen): the page becomes hidden, when
 * web-vitals gives INP and CLS their final values and the report is sent. Headless Chromium keeps a
 * page visible when another tab comes to the front, and gives no visibility change on leaving
 * either, so the change is made here as the browser would make it.
 */
async function switchAway(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

test('after three page views on a phone-sized Chromium, /metrics holds LCP, INP and CLS histograms with observations', async ({
  page,
  site,
}) => {
  // A server of its own: no other test's beacons in its counts or its per-address limit.
  const shell = await startShellProcess({
    SHELL_REGISTRY_FILE: site.registryFile,
    SHELL_WEB_VITALS_SAMPLE_RATE: '1',
  });
  try {
    await everyRemoteLoaded(shell.url);
    for (const pathname of ['/', '/services?lang=es', '/about']) {
      await page.goto(`${shell.url}${pathname}`);
      await firstPageInteractive(page);
      await measuring(page);
      // A tap, for an interaction to measure (INP).
      await pageHeading(page).tap();
      await firstTapTimed(page);
      await switchAway(page);
    }

    for (const histogram of [
      'shell_web_vitals_lcp_seconds',
      'shell_web_vitals_inp_seconds',
      'shell_web_vitals_cls',
    ]) {
      await expect.poll(() => observations(shell.url, histogram), { message: histogram }).toBe(3);
    }
    const metrics = await (await fetch(`${shell.url}/metrics`)).text();
    expect(metrics).toContain(
      'shell_web_vitals_lcp_seconds_count{page="marketing/ServicesPage",language="es",rendering="hydrated"} 1',
    );
  } finally {
    await shell.close();
  }
});

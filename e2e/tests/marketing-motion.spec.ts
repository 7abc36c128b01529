import type { Locator, Page } from '@playwright/test';
import { test, expect, pageHeading } from '../support/fixtures';

function heroParts(page: Page): Locator[] {
  const hero = page.getByTestId('page-hero');
  return [hero.locator('h1'), hero.locator('h1 + p'), hero.locator('h1 + p + div')];
}

/** Delays (ms) of the animations and transitions running on an element. */
function animationDelays(element: Locator): Promise<number[]> {
  return element.evaluate((node: Element) =>
    node
      .getAnimations()
      .map((animation: Animation) => Number((animation.effect as KeyframeEffect).getTiming().delay)),
  );
}

function opacity(element: Locator): Promise<number> {
  return element.evaluate((node: Element) => Number(getComputedStyle(node).opacity));
}

for (const path of ['/', '/services/seo']) {
  test(`the hero text of ${path} fades in at 0, 300 and 600 ms`, async ({ page, site }) => {
    await page.goto(site.url('shell', path));
    await expect(pageHeading(page)).toBeVisible();
    const parts = heroParts(page);
    expect(await Promise.all(parts.map(animationDelays))).toEqual([[0], [300], [600]]);

    // Frozen 450 ms in: title and subtitle are appearing, the actions have not started yet.
    await page.evaluate(() =>
      document.getAnimations().forEach((animation) => {
        animation.pause();
        animation.currentTime = 450;
      }),
    );
    const [title, subtitle, actions] = await Promise.all(parts.map(opacity));
    expect(title).toBeGreaterThan(0);
    expect(subtitle).toBeGreaterThan(0);
    expect(subtitle).toBeLessThan(title ?? 0);
    expect(actions).toBe(0);

    await page.evaluate(() => document.getAnimations().forEach((animation) => animation.finish()));
    expect(await Promise.all(parts.map(opacity))).toEqual([1, 1, 1]);
  });
}

test('with reduced motion, the hero text is there at once', async ({ page, site }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(site.url('shell', '/'));
  await expect(pageHeading(page)).toBeVisible();
  for (const part of heroParts(page)) {
    expect(await animationDelays(part)).toEqual([]);
    expect(await opacity(part)).toBe(1);
  }
});

test.describe('service cards', () => {
  test.use({ viewport: { width: 1280, height: 600 } });

  test('reveal when scrolled into view, 100 ms apart', async ({ page, site }) => {
    await page.goto(site.url('shell', '/'));
    const cards = page.getByTestId('home-service-card');
    await expect(cards).toHaveCount(6);
    for (const card of await cards.all()) {
      await expect(card).toHaveAttribute('data-revealed', 'false');
      expect(await opacity(card)).toBe(0);
    }

    await page.getByTestId('home-service-grid').scrollIntoViewIfNeeded();
    for (const card of await cards.all()) await expect(card).toHaveAttribute('data-revealed', 'true');
    const delays = await cards.evaluateAll((nodes: Element[]) =>
      nodes.map((node) => getComputedStyle(node).transitionDelay),
    );
    expect(delays).toEqual(['0s', '0.1s', '0.2s', '0.3s', '0.4s', '0.5s']);
    await expect.poll(() => opacity(cards.last())).toBe(1);
  });

  test('with reduced motion, are all shown at once without scrolling', async ({ page, site }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(site.url('shell', '/'));
    const cards = page.getByTestId('home-service-card');
    await expect(cards).toHaveCount(6);
    for (const card of await cards.all()) {
      await expect(card).toHaveAttribute('data-revealed', 'true');
      expect(await opacity(card)).toBe(1);
      expect(await animationDelays(card)).toEqual([]);
    }
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

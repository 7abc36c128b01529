import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The rule sets the accessibility gate holds every page to (issue 7). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa', 'best-practice'];

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/**
 * Scrolls to the bottom a screen at a time so every reveal-on-scroll section appears, returns to
 * the top and waits until no animation or transition is running: axe must see the text as a
 * visitor finally sees it, not half faded in. The site runs with its real (not reduced) motion.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const nextFrames = () =>
      new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight * 0.75) {
      window.scrollTo(0, y);
      await nextFrames();
    }
    window.scrollTo(0, document.documentElement.scrollHeight);
    await nextFrames();
    window.scrollTo(0, 0);
    await nextFrames();
    // Jumps each fade and reveal to its end, the state a visitor sees a moment later.
    document.getAnimations().forEach((animation) => animation.finish());
  });
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

/** One line per violated rule: its id, its impact and the elements that break it. */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'unknown'}): ${violation.help} — ` +
      violation.nodes.map((node) => node.target.join(' ')).join(', '),
  );
}

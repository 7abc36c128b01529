import type { Page } from '@playwright/test';
import { test, expect, pageHeading } from '../support/fixtures';
import { copy } from '../support/copy';
import { MARKETING_PAGES, navigate } from '../support/marketingPages';

/** Every piece of text a visitor reads or hears on the page's own content (not the shell's). */
function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    if (!main) return [];
    const texts: string[] = [document.title];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement?.closest('script')) continue;
      texts.push(node.textContent ?? '');
    }
    for (const element of Array.from(main.querySelectorAll('[alt], [aria-label]'))) {
      texts.push(element.getAttribute('alt') ?? '', element.getAttribute('aria-label') ?? '');
    }
    texts.push(document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '');
    return texts.map((text) => text.trim()).filter(Boolean);
  });
}

/** Text that reads the same in any language: numbers, the e-mail address, the phone number. */
const LANGUAGE_NEUTRAL = /^([\d\s.,:+()-]+|\S+@\S+)$/;

test('no marketing page has English left when shown in Spanish', async ({ page, site }) => {
  await page.goto(site.url('shell', '/'));
  for (const route of MARKETING_PAGES) {
    await navigate(page, route.path);
    await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'en', route.heading));
    const english = new Set(await pageTexts(page));

    await page.getByTestId('language-toggle').click();
    await expect(pageHeading(page)).toHaveText(copy('remote-marketing', 'es', route.heading));
    const spanish = await pageTexts(page);
    expect.soft(spanish.length, route.path).toBeGreaterThan(english.size / 2);
    const leftInEnglish = spanish.filter((text) => english.has(text) && !LANGUAGE_NEUTRAL.test(text));
    expect.soft(leftInEnglish, `${route.path}: English text on the Spanish page`).toEqual([]);
    // A missing translation shows its key instead of words.
    const keys = spanish.filter((text) => /^[a-zA-Z]+(\.[\w-]+)+$/.test(text));
    expect.soft(keys, `${route.path}: translation keys on the Spanish page`).toEqual([]);

    await page.getByTestId('language-toggle').click();
  }
});

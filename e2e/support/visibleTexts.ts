import type { Page } from '@playwright/test';

/** One piece of text a visitor reads or hears, with where it sits ("text", "aria-label", …). */
export interface VisibleText {
  source: string;
  text: string;
}

/**
 * Every text of the rendered page, hidden or not (a collapsed answer, a screen-reader-only label
 * and the closed menu are text too): text nodes of the body, the attributes browsers show or
 * announce, the <title> and the meta description. The page's own glyphs are read, not its code.
 */
export function collectVisibleTexts(page: Page): Promise<VisibleText[]> {
  return page.evaluate(() => {
    const texts: { source: string; text: string }[] = [{ source: '<title>', text: document.title }];
    for (const meta of Array.from(
      document.querySelectorAll('meta[name="description"], meta[property^="og:"]'),
    )) {
      const name = meta.getAttribute('name') ?? meta.getAttribute('property') ?? '';
      if (/description|title/.test(name))
        texts.push({ source: `meta ${name}`, text: meta.getAttribute('content') ?? '' });
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement?.closest('script, style, noscript, template')) continue;
      texts.push({ source: 'text', text: node.textContent ?? '' });
    }
    const attributes = [
      'alt',
      'aria-label',
      'aria-description',
      'aria-roledescription',
      'placeholder',
      'title',
      'label',
    ];
    for (const element of Array.from(
      document.body.querySelectorAll(attributes.map((name) => `[${name}]`).join()),
    )) {
      for (const name of attributes) {
        const value = element.getAttribute(name);
        if (value !== null) texts.push({ source: name, text: value });
      }
    }
    return texts
      .map(({ source, text }) => ({ source, text: text.replace(/\s+/g, ' ').trim() }))
      .filter(({ text }) => text !== '');
  });
}

/**
 * The message the browser shows for each control of the page's forms that it would refuse now,
 * after a submit attempt fired the `invalid` events the forms localize their messages on.
 */
export function validationMessages(page: Page): Promise<VisibleText[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLInputElement>('form input, form select, form textarea'))
      .filter((control) => !control.validity.valid)
      .map((control) => ({
        source: `validation message of ${control.name}`,
        text: control.validationMessage,
      })),
  );
}

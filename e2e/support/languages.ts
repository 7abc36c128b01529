import type { Locator, Page } from '@playwright/test';

/** The site's languages, by the short code the site uses (`?lang=pt`, the translation files). */
export const LANGUAGES = ['en', 'es', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];

export const isLanguage = (value: string): value is Language =>
  (LANGUAGES as readonly string[]).includes(value);

/** Each language's BCP 47 tag, as `<html lang>`, `hreflang` and the menu's links name it. */
export const LANGUAGE_TAGS: Readonly<Record<Language, string>> = { en: 'en', es: 'es', pt: 'pt-BR' };

/** Each language's name in that language, as the header's language menu lists it. */
export const OWN_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  es: 'Español',
  pt: 'Português',
};

/** The query a page carries in `language`: none for English, the default. */
export const languageSearch = (language: Language) => (language === 'en' ? '' : `?lang=${language}`);

/** The language menu's link to the page in `language` (in the DOM whether the menu is open or not). */
export const languageOption = (page: Page, language: Language): Locator =>
  page.getByTestId(`language-option-${language}`);

/**
 * Switches the page to `language` as a visitor does: opens the header's language menu and picks the
 * language. Once hydrated the page switches in place; before, or with JavaScript off, the link loads
 * the page in that language.
 */
export async function chooseLanguage(page: Page, language: Language): Promise<void> {
  await page.getByTestId('language-toggle').click();
  await languageOption(page, language).click();
}

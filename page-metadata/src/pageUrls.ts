import { DEFAULT_LANGUAGE, LANGUAGE_PARAM, SUPPORTED_LANGUAGES, type Language } from 'shared-i18n';
import { siteConfig } from 'site-config';

/** A path or URL made absolute against the public origin of the composed site (SITE_URL). */
export function absoluteUrl(pathOrUrl: string): string {
  return new URL(pathOrUrl, siteConfig.url).href;
}

/**
 * The public URL of a page in a language: the site carries a language other than the default in
 * ?lang=, so each language's page has a URL of its own that a crawler can fetch and index.
 */
export function pageUrl(path: string, language: Language): string {
  const url = new URL(path, siteConfig.url);
  if (language !== DEFAULT_LANGUAGE) url.searchParams.set(LANGUAGE_PARAM, language);
  return url.href;
}

export interface LanguageAlternate {
  hrefLang: Language | 'x-default';
  href: string;
}

/** The page in every language, and the default language's URL for everyone else (x-default). */
export function languageAlternates(path: string): LanguageAlternate[] {
  return [
    ...SUPPORTED_LANGUAGES.map((language) => ({ hrefLang: language, href: pageUrl(path, language) })),
    { hrefLang: 'x-default', href: pageUrl(path, DEFAULT_LANGUAGE) },
  ];
}

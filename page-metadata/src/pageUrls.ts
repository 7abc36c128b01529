import {
  DEFAULT_LANGUAGE,
  LANGUAGE_PARAM,
  languageTag,
  SUPPORTED_LANGUAGES,
  type Language,
} from 'shared-i18n';
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
  /** The language's BCP 47 tag (`pt-BR`), or `x-default`. */
  hrefLang: string;
  href: string;
}

/**
 * The page in each language it has (every language of the site unless its version lacks some), and
 * the default language's URL for everyone else (x-default).
 */
export function languageAlternates(
  path: string,
  languages: readonly Language[] = SUPPORTED_LANGUAGES,
): LanguageAlternate[] {
  return [
    ...languages.map((language) => ({ hrefLang: languageTag(language), href: pageUrl(path, language) })),
    { hrefLang: 'x-default', href: pageUrl(path, DEFAULT_LANGUAGE) },
  ];
}

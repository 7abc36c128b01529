import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const SUPPORTED_LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** One namespace's strings in every supported language; a package's translation files. */
export type TranslationResources = Record<Language, Record<string, unknown>>;

export function isLanguage(value: unknown): value is Language {
  return SUPPORTED_LANGUAGES.includes(value as Language);
}

/**
 * The site's one i18next instance. Federation shares this module as a singleton, so the shell
 * and every remote translate with the same instance and switch language together.
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...SUPPORTED_LANGUAGES],
  resources: {},
  // Strings are rendered by React, which escapes them already.
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { useSuspense: false },
});

/**
 * Adds a package's strings under its own namespace. Each remote calls this when its exposed
 * module loads, so the shell never carries a remote's copy.
 */
export function registerTranslations(namespace: string, resources: TranslationResources): void {
  for (const language of SUPPORTED_LANGUAGES) {
    i18n.addResourceBundle(language, namespace, resources[language], true, true);
  }
}

/** The language an i18next instance translates into, as one of the site's languages. */
export function languageOf(instance: Pick<I18n, 'resolvedLanguage' | 'language'>): Language {
  const language = instance.resolvedLanguage ?? instance.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

export function currentLanguage(): Language {
  return languageOf(i18n);
}

/**
 * An i18next instance for one server render: it shares the singleton's translations (every
 * namespace a remote registers) but has its own language, so concurrent requests in different
 * languages never switch each other's.
 */
export function createRequestI18n(language: Language): I18n {
  return i18n.cloneInstance({ lng: language, initAsync: false });
}

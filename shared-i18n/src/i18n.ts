import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import resourcesToBackend from 'i18next-resources-to-backend';

export const SUPPORTED_LANGUAGES = ['en', 'es', 'pt'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * Each language as BCP 47 names it where a tag is asked for (`<html lang>`, `hreflang`, `Intl`):
 * the site writes the Portuguese of Brazil. The short code stays the site's own (`?lang=pt`, the
 * database, the translation files).
 */
const LANGUAGE_TAGS: Readonly<Record<Language, string>> = { en: 'en', es: 'es', pt: 'pt-BR' };

export function languageTag(language: Language): string {
  return LANGUAGE_TAGS[language];
}

/** The query parameter that carries a non-default language, so a Spanish page can be shared. */
export const LANGUAGE_PARAM = 'lang';

/**
 * One namespace's translation files: the strings of a language, loaded when that language is
 * needed. Each package writes it as a dynamic import named `locale-[request]` (webpackChunkName),
 * so an app's strings in one language are one chunk (`locale-en-json`, `locale-es-json`): a visitor
 * downloads only the language on screen, and the server can preload it by name.
 */
export type TranslationLoader = (
  language: Language,
) => Promise<Record<string, unknown> | { default: Record<string, unknown> }>;

export function isLanguage(value: unknown): value is Language {
  return SUPPORTED_LANGUAGES.includes(value as Language);
}

/** Reads the language a visitor arrived with (?lang=es, ?lang=pt). */
export function languageFromUrl(search: string): Language {
  const requested = new URLSearchParams(search).get(LANGUAGE_PARAM);
  return isLanguage(requested) ? requested : DEFAULT_LANGUAGE;
}

const isServer = typeof window === 'undefined';
const loaders = new Map<string, TranslationLoader>();
/** Loads under way (a registration, a reload after a remote's new version registered again). */
const pending = new Set<Promise<unknown>>();

function track(loading: Promise<unknown>): void {
  pending.add(loading);
  void loading.finally(() => pending.delete(loading));
}

/**
 * The site's one i18next instance. Federation shares this module as a singleton, so the shell
 * and every remote translate with the same instance and switch language together.
 */
export const i18n = i18next.createInstance();

void i18n
  .use(initReactI18next)
  .use(
    resourcesToBackend((language: string, namespace: string) => {
      const load = loaders.get(namespace);
      return load && isLanguage(language)
        ? load(language)
        : Promise.reject(new Error(`No ${language} strings for "${namespace}"`));
    }),
  )
  .init({
    // In a browser the page's language is known before any namespace registers, so only that
    // language is ever fetched; the server renders every language and holds them all.
    lng: isServer ? DEFAULT_LANGUAGE : languageFromUrl(window.location.search),
    preload: isServer ? [...SUPPORTED_LANGUAGES] : false,
    // Every key exists in every language of a package (translations.test.ts in each): no fallback
    // language to download alongside the one on screen. A remote version without the page's
    // language is shown in English by the shell (PageInItsLanguages), not key by key.
    fallbackLng: false,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    ns: [],
    defaultNS: 'i18n',
    // Strings are rendered by React, which escapes them already.
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { useSuspense: false },
  });

/**
 * Adds a package's strings under its own namespace. Each remote calls this when its exposed
 * module loads, so the shell never carries a remote's copy. Only the languages in use are fetched
 * (the page's; both on the server); `translationsReady` settles when they have arrived. A later
 * registration of the same namespace (a remote's new version) replaces its strings.
 */
export function registerTranslations(namespace: string, load: TranslationLoader): void {
  const previous = loaders.get(namespace);
  loaders.set(namespace, load);
  if (previous && previous !== load) {
    track(i18n.reloadResources(loadedLanguages(), [namespace]));
  } else if (!previous) {
    track(i18n.loadNamespaces(namespace));
  }
}

/** The page's language and any fetched ahead of a switch (all of them, on the server). */
function loadedLanguages(): Language[] {
  const wanted: string[] = [i18n.language, ...(i18n.options.preload || [])];
  return SUPPORTED_LANGUAGES.filter((language) => wanted.includes(language));
}

/** Settles when every registered namespace has its strings in the languages in use. */
export async function translationsReady(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
  await i18n.loadNamespaces([...loaders.keys()]);
}

/** Fetches a language's strings ahead of a switch to it (hover or focus of the language toggle). */
export function prefetchLanguage(language: Language): Promise<unknown> {
  return i18n.loadLanguages(language);
}

/**
 * Fetches a namespace's strings in the default language: the shell shows a remote's page in
 * English when the version on screen lacks the visitor's language.
 */
export function loadDefaultLanguageStrings(namespace: string): Promise<unknown> {
  return i18n.hasResourceBundle(DEFAULT_LANGUAGE, namespace)
    ? Promise.resolve()
    : i18n.reloadResources([DEFAULT_LANGUAGE], [namespace]);
}

/** The language an i18next instance translates into, as one of the site's languages. */
export function languageOf(instance: Pick<I18n, 'resolvedLanguage' | 'language'>): Language {
  const language = instance.resolvedLanguage ?? instance.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/** Strings of some namespaces in one language, as a server render pins them (namespace → strings). */
export type NamespaceStrings = Readonly<Record<string, Record<string, unknown>>>;

/**
 * An i18next instance for one server render: it shares the singleton's translations (every
 * namespace a remote registers) but has its own language, so concurrent requests in different
 * languages never switch each other's. `pinned` replaces some namespaces for this render only: the
 * server renders a remote's version with that version's strings while another version of the same
 * remote registers its own (a release being verified). They are strings in `pinnedIn`: English,
 * where the version lacks the page's language and the shell shows its page in English.
 */
export function createRequestI18n(
  language: Language,
  pinned: NamespaceStrings = {},
  pinnedIn: Language = language,
): I18n {
  const namespaces = Object.entries(pinned);
  const instance = i18n.cloneInstance({
    lng: language,
    initAsync: false,
    forkResourceStore: namespaces.length > 0,
    // Its own list: a store adding a bundle appends its namespace to the list it was given.
    ns: [...toNamespaceList(i18n.options.ns)],
  });
  for (const [namespace, strings] of namespaces) {
    instance.addResourceBundle(pinnedIn, namespace, strings, false, true);
  }
  return instance;
}

function toNamespaceList(ns: string | readonly string[] | undefined): readonly string[] {
  return ns === undefined ? [] : typeof ns === 'string' ? [ns] : ns;
}

/**
 * A namespace's strings in one language, read afresh with the loader registered last for it (on
 * the server, the version of a remote that just loaded); rejects when they cannot be read.
 */
export async function loadNamespaceStrings(
  namespace: string,
  language: Language,
): Promise<Record<string, unknown>> {
  const load = loaders.get(namespace);
  if (!load) throw new Error(`No strings are registered for "${namespace}"`);
  const loaded = await load(language);
  return ('default' in loaded ? loaded.default : loaded) as Record<string, unknown>;
}

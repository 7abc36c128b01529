import { registerTranslations } from './i18n';

registerTranslations(
  'i18n',
  (language) => import(/* webpackChunkName: "locale-[request]" */ `./locales/${language}.json`),
);

export {
  i18n,
  registerTranslations,
  createRequestI18n,
  loadNamespaceStrings,
  isLanguage,
  languageOf,
  languageTag,
  loadDefaultLanguageStrings,
  languageFromUrl,
  LANGUAGE_PARAM,
  prefetchLanguage,
  translationsReady,
  SUPPORTED_LANGUAGES,
  DEFAULT_LANGUAGE,
  type Language,
  type TranslationLoader,
  type NamespaceStrings,
} from './i18n';
export { setLanguage, useLanguage, useSiteLanguage } from './useSiteLanguage';
export { LanguageMenu } from './LanguageMenu';
export { PageLanguagesProvider, usePageLanguages } from './pageLanguages';
/**
 * The React binding of i18next, shared through this module (a federation singleton) instead of as
 * react-i18next itself: a shared module cannot be tree-shaken, so sharing the whole package sent
 * every visitor parts no app uses (IcuTrans, withTranslation, the SSR helpers). An app needing
 * another export adds it here, and the shell is deployed first.
 */
export { I18nextProvider, Trans, useTranslation } from 'react-i18next';

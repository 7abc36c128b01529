import en from './locales/en.json';
import es from './locales/es.json';
import { registerTranslations } from './i18n';

registerTranslations('i18n', { en, es });

export {
  i18n,
  registerTranslations,
  currentLanguage,
  createRequestI18n,
  isLanguage,
  SUPPORTED_LANGUAGES,
  DEFAULT_LANGUAGE,
  type Language,
  type TranslationResources,
} from './i18n';
export { findTranslationMismatches } from './findTranslationMismatches';
export {
  LANGUAGE_PARAM,
  languageFromUrl,
  setLanguage,
  useLanguage,
  useSiteLanguage,
} from './useSiteLanguage';
export { LanguageToggle } from './LanguageToggle';

import { registerTranslations } from 'shared-i18n';
import en from './locales/en.json';
import es from './locales/es.json';

/** Each app bundles this package, so each registers the namespace before its first page renders. */
export const NAMESPACE = 'pageMetadata';
registerTranslations(NAMESPACE, { en, es });

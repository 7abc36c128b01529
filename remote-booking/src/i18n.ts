import { registerTranslations } from 'shared-i18n';
import en from './locales/en.json';
import es from './locales/es.json';

/** The page imports this, so the namespace is registered before the page first renders. */
export const NAMESPACE = 'booking';
registerTranslations(NAMESPACE, { en, es });

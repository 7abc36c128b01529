import { registerTranslations } from 'shared-i18n';
import en from './locales/en.json';
import es from './locales/es.json';

/** Every page imports this, so the namespace is registered before the page first renders. */
export const NAMESPACE = 'marketing';
registerTranslations(NAMESPACE, { en, es });

import { registerTranslations } from 'shared-i18n';
import en from './locales/en.json';
import es from './locales/es.json';

registerTranslations('shell', { en, es });

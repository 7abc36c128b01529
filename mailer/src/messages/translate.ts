/**
 * The messages' copy: one i18next instance over locales/en.json and locales/es.json (the only place
 * any text of a message lives), initialised synchronously; translatorFor(language) gives its `t`.
 */
import i18next, { type TFunction } from 'i18next';
import type { Language } from '../config';
import en from '../locales/en.json';
import es from '../locales/es.json';

const i18n = i18next.createInstance();
void i18n.init({
  resources: { en: { translation: en }, es: { translation: es } },
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: ['en', 'es'],
  initAsync: false,
  // React escapes the HTML; subjects and calendar text are not HTML.
  interpolation: { escapeValue: false },
});

export type Translate = TFunction;

export function translatorFor(language: Language): Translate {
  return i18n.getFixedT(language);
}

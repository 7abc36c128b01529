/**
 * The messages' copy: one i18next instance over locales/en.json, es.json and pt.json (the only place
 * any text of a message lives), initialised synchronously; translatorFor(language) gives its `t`,
 * and MessageSection names the files' sections that are a message's own.
 */
import i18next, { type TFunction } from 'i18next';
import { LANGUAGES, type Language } from '../config';
import en from '../locales/en.json';
import es from '../locales/es.json';
import pt from '../locales/pt.json';

const i18n = i18next.createInstance();
void i18n.init({
  resources: { en: { translation: en }, es: { translation: es }, pt: { translation: pt } },
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  initAsync: false,
  // React escapes the HTML; subjects and calendar text are not HTML.
  interpolation: { escapeValue: false },
});

export type Translate = TFunction;

type Copy = typeof en;

/** A message's own section of the locale files: the one holding its subject, preview, heading and intro. */
export type MessageSection = {
  [Section in keyof Copy]: Copy[Section] extends {
    subject: string;
    preview: string;
    heading: string;
    intro: string;
  }
    ? Section
    : never;
}[keyof Copy];

export function translatorFor(language: Language): Translate {
  return i18n.getFixedT(language);
}

import { findMissingTranslations } from 'shared-i18n';
import en from './locales/en.json';
import es from './locales/es.json';

test('every string of the shell exists in English and Spanish', () => {
  expect(findMissingTranslations({ en, es })).toEqual([]);
});

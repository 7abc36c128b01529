import { findMissingTranslations } from 'shared-i18n';
import en from './locales/en.json';
import es from './locales/es.json';

test('every string of remote-booking exists in English and Spanish', () => {
  expect(findMissingTranslations({ en, es })).toEqual([]);
});

import { findTranslationMismatches } from 'shared-i18n/translation-checks';
import en from './locales/en.json';
import es from './locales/es.json';

test('every string of remote-booking has the same keys in English and Spanish', () => {
  expect(findTranslationMismatches({ en, es })).toEqual([]);
});

import { findTranslationMismatches } from './findTranslationMismatches';
import en from './locales/en.json';
import es from './locales/es.json';

test('every string of shared-i18n has the same keys in English and Spanish', () => {
  expect(findTranslationMismatches({ en, es })).toEqual([]);
});

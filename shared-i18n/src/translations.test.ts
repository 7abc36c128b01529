import { findTranslationMismatches } from './findTranslationMismatches';
import en from './locales/en.json';
import es from './locales/es.json';
import pt from './locales/pt.json';

test('every string of shared-i18n has the same keys in every language', () => {
  expect(findTranslationMismatches({ en, es, pt })).toEqual([]);
});

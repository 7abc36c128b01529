import { findTranslationMismatches } from 'shared-i18n/translation-checks';
import en from './locales/en.json';
import es from './locales/es.json';
import pt from './locales/pt.json';

test('every string of remote-contact has the same keys in every language', () => {
  expect(findTranslationMismatches({ en, es, pt })).toEqual([]);
});

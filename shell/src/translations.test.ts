import { findTranslationMismatches } from 'shared-i18n/translation-checks';
import en from './locales/en.json';
import es from './locales/es.json';
import { HTTP_ERROR_STATUSES } from './routes/httpStatus';

test('every string of the shell has the same keys in English and Spanish', () => {
  expect(findTranslationMismatches({ en, es })).toEqual([]);
});

test('every error the server answers with a page of its own has a title and a text in both languages', () => {
  for (const locale of [en, es]) {
    for (const status of HTTP_ERROR_STATUSES) {
      expect(locale.httpStatus[status]).toEqual({ title: expect.any(String), text: expect.any(String) });
    }
  }
});

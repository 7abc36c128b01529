import { findTranslationMismatches } from 'shared-i18n/translation-checks';
import en from './locales/en.json';
import es from './locales/es.json';
import pt from './locales/pt.json';
import { HTTP_ERROR_STATUSES } from './routes/httpStatus';

test('every string of the shell has the same keys in every language', () => {
  expect(findTranslationMismatches({ en, es, pt })).toEqual([]);
});

test('every error the server answers with a page of its own has a title and a text in every language', () => {
  for (const locale of [en, es, pt]) {
    for (const status of HTTP_ERROR_STATUSES) {
      expect(locale.httpStatus[status]).toEqual({ title: expect.any(String), text: expect.any(String) });
    }
  }
});

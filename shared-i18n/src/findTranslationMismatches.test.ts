import { findTranslationMismatches } from './findTranslationMismatches';

test('a key missing in either language is reported', () => {
  expect(findTranslationMismatches({ en: { a: 'A', b: { c: 'C' } }, es: { a: 'A', b: {} } })).toEqual([
    'es: missing b.c',
  ]);
  expect(findTranslationMismatches({ en: { a: 'A' }, es: { a: 'A', b: 'B' } })).toEqual(['es: extra b']);
});

test('an empty string counts as untranslated', () => {
  expect(findTranslationMismatches({ en: { a: ' ' }, es: { a: '' } })).toEqual([
    'en: a is empty',
    'es: a is empty',
  ]);
});

test('a string, an object and a list are not interchangeable', () => {
  expect(
    findTranslationMismatches({
      en: { a: 'A', b: { c: 'C' }, d: ['D'] },
      es: { a: { x: 'A' }, b: ['C'], d: 'D' },
    }),
  ).toEqual([
    'es: a is an object, en has a string',
    'es: b is an array, en has an object',
    'es: d is a string, en has an array',
  ]);
});

test('lists of different lengths are reported item by item', () => {
  expect(findTranslationMismatches({ en: { steps: ['1', '2'] }, es: { steps: ['1', '2', '3'] } })).toEqual([
    'es: extra steps.2',
  ]);
});

test('each language has exactly the plural forms i18next asks for in it', () => {
  const en = { items_one: '{{count}} item', items_other: '{{count}} items' };
  const es = { items_one: '{{count}} elemento', items_many: '{{count}} de elementos', items_other: '…' };
  expect(findTranslationMismatches({ en, es })).toEqual([]);
  expect(findTranslationMismatches({ en, es: { items_one: 'uno', items_other: 'otros' } })).toEqual([
    'es: missing items_many',
  ]);
  expect(findTranslationMismatches({ en: { ...en, items_many: 'many' }, es })).toEqual([
    'en: extra items_many',
  ]);
});

import descriptor from './shareImages.json';
import en from '../locales/en.json';
import es from '../locales/es.json';
import { SERVICE_IDS } from '../content/serviceIds';

const PAGES = ['home', 'services', 'about', 'privacy', 'terms'];

function textAt(translations: unknown, dottedKey: string): unknown {
  return dottedKey
    .split('.')
    .reduce<unknown>(
      (node, part) =>
        node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined,
      translations,
    );
}

describe('share images', () => {
  it('declares one for every page and every service page', () => {
    expect(Object.keys(descriptor.images).sort()).toEqual(
      [...PAGES, ...SERVICE_IDS.map((id) => `service-${id}`)].sort(),
    );
  });

  it.each(Object.entries(descriptor.images))('takes the text of %s from both languages', (_key, keys) => {
    for (const translations of [en, es]) {
      expect(textAt(translations, keys.title)).toEqual(expect.any(String));
      expect(textAt(translations, keys.subtitle)).toEqual(expect.any(String));
    }
  });
});

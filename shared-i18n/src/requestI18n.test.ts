/** @jest-environment node */
import {
  createRequestI18n,
  i18n,
  loadNamespaceStrings,
  registerTranslations,
  translationsReady,
} from './i18n';

// On the server, i18n holds one copy of each namespace; a render of another version of a remote
// (a release being verified, or the live one while a release loads) pins that version's strings.
beforeAll(async () => {
  // As on the server, a render starts once every registered namespace has its strings.
  await translationsReady();
  i18n.addResourceBundle('en', 'release-check', { title: 'Registered by the newest version' });
  i18n.addResourceBundle('es', 'release-check', { title: 'Registrado por la versión más nueva' });
});

test("a render pins a version's strings without changing what other renders read", () => {
  const pinned = createRequestI18n('en', { 'release-check': { title: 'The live version' } });
  const shared = createRequestI18n('en');

  expect(pinned.t('title', { ns: 'release-check' })).toBe('The live version');
  expect(shared.t('title', { ns: 'release-check' })).toBe('Registered by the newest version');
  expect(i18n.getResourceBundle('en', 'release-check')).toEqual({
    title: 'Registered by the newest version',
  });
});

test("a version's strings are read with the loader it registered, and a failed read is an error", async () => {
  registerTranslations('release-strings', (language) =>
    language === 'en'
      ? Promise.resolve({ default: { title: 'From this version' } })
      : Promise.reject(new Error('gone')),
  );
  await expect(loadNamespaceStrings('release-strings', 'en')).resolves.toEqual({
    title: 'From this version',
  });
  await expect(loadNamespaceStrings('release-strings', 'es')).rejects.toThrow('gone');
  await expect(loadNamespaceStrings('never-registered', 'en')).rejects.toThrow('No strings');
});

test("pinning a namespace leaves the site's own list of namespaces alone", () => {
  const pinned = createRequestI18n('en', { 'pinned-only': { title: 'Only in this render' } });
  expect(pinned.t('title', { ns: 'pinned-only' })).toBe('Only in this render');
  expect(i18n.options.ns).not.toContain('pinned-only');
  expect(createRequestI18n('es').language).toBe('es');
});

test('a render in Spanish pins the Spanish strings', () => {
  const pinned = createRequestI18n('es', { 'release-check': { title: 'La versión en vivo' } });
  expect(pinned.language).toBe('es');
  expect(pinned.t('title', { ns: 'release-check' })).toBe('La versión en vivo');
});

import { i18n, registerTranslations, setLanguage, translationsReady } from './index';

/** The Spanish file of this namespace is unreachable until the test says otherwise. */
let spanishReachable = false;
registerTranslations('flaky', async (language) => {
  if (language === 'es' && !spanishReachable) throw new Error('ChunkLoadError: locale-es-json');
  return { greeting: language === 'es' ? 'Hola' : 'Hello' };
});

test('a language whose strings cannot be fetched is not switched to, and a later try fetches them again', async () => {
  await translationsReady();
  expect(i18n.t('greeting', { ns: 'flaky' })).toBe('Hello');

  await expect(setLanguage('es')).rejects.toThrow(/es strings of flaky/);
  expect(i18n.language).toBe('en');
  expect(i18n.t('greeting', { ns: 'flaky' })).toBe('Hello');

  spanishReachable = true;
  await setLanguage('es');
  expect(i18n.language).toBe('es');
  expect(i18n.t('greeting', { ns: 'flaky' })).toBe('Hola');
});

import { SUPPORTED_LANGUAGES, type TranslationResources } from './i18n';

function leafKeys(value: unknown, prefix = ''): Map<string, unknown> {
  const keys = new Map<string, unknown>();
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const [leaf, leafValue] of leafKeys(child, prefix ? `${prefix}.${key}` : key)) {
        keys.set(leaf, leafValue);
      }
    }
  } else {
    keys.set(prefix, value);
  }
  return keys;
}

/**
 * Lists every string that one language has and another lacks or leaves empty, as
 * "es: home.title". An empty list means the namespace is complete in every language.
 */
export function findMissingTranslations(resources: TranslationResources): string[] {
  const byLanguage = SUPPORTED_LANGUAGES.map(
    (language) => [language, leafKeys(resources[language])] as const,
  );
  const allKeys = new Set(byLanguage.flatMap(([, keys]) => [...keys.keys()]));
  const missing: string[] = [];
  for (const [language, keys] of byLanguage) {
    for (const key of allKeys) {
      const value = keys.get(key);
      if (value === undefined || (typeof value === 'string' && value.trim() === '')) {
        missing.push(`${language}: ${key}`);
      }
    }
  }
  return missing;
}

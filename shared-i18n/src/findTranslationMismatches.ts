import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from './i18n';

/**
 * A namespace's strings in the languages it has: English, the default, and any others (a remote
 * that has not shipped a language yet leaves it out).
 */
type ShippedTranslations = Partial<Record<Language, Record<string, unknown>>> &
  Record<'en', Record<string, unknown>>;

type Kind = 'a string' | 'an array' | 'an object' | 'another value';

function kindOf(value: unknown): Kind {
  if (typeof value === 'string') return 'a string';
  if (Array.isArray(value)) return 'an array';
  if (value !== null && typeof value === 'object') return 'an object';
  return 'another value';
}

const PLURAL_SUFFIX = /^(.+)_(zero|one|two|few|many|other)$/;

/** The plural family a key belongs to (`x` for `x_one`), when its `_other` form sits beside it. */
function pluralBase(key: string, siblings: Record<string, unknown>): string | null {
  const base = PLURAL_SUFFIX.exec(key)?.[1];
  return base !== undefined && `${base}_other` in siblings ? base : null;
}

/**
 * The keys `language` must have at one level, derived from the reference language's keys. A
 * plural family (`x_one`, `x_other`) needs exactly the forms i18next asks for in that language:
 * Spanish also needs `x_many`, without it `t('x', { count: 1000000 })` shows the key itself.
 */
function expectedKeys(reference: Record<string, unknown>, language: Language): Map<string, string> {
  const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const expected = new Map<string, string>();
  for (const key of Object.keys(reference)) {
    const base = pluralBase(key, reference);
    if (base === null) expected.set(key, key);
    else for (const form of forms) expected.set(`${base}_${form}`, `${base}_other`);
  }
  return expected;
}

function compare(
  reference: unknown,
  translation: unknown,
  language: Language,
  path: string,
  problems: string[],
): void {
  const [referenceKind, kind] = [kindOf(reference), kindOf(translation)];
  const at = (key: string) => (path ? `${path}.${key}` : key);
  if (kind !== referenceKind) {
    problems.push(`${language}: ${path} is ${kind}, ${DEFAULT_LANGUAGE} has ${referenceKind}`);
  } else if (kind === 'a string' && (translation as string).trim() === '') {
    problems.push(`${language}: ${path} is empty`);
  } else if (kind === 'an object' || kind === 'an array') {
    const referenceChildren = reference as Record<string, unknown>;
    const children = translation as Record<string, unknown>;
    const expected = expectedKeys(referenceChildren, language);
    for (const [key, referenceKey] of expected) {
      if (!(key in children)) problems.push(`${language}: missing ${at(key)}`);
      else compare(referenceChildren[referenceKey], children[key], language, at(key), problems);
    }
    for (const key of Object.keys(children)) {
      if (!expected.has(key)) problems.push(`${language}: extra ${at(key)}`);
    }
  }
}

/**
 * Every way a namespace's languages differ in shape from English, the default: keys missing or
 * extra, a string in one language where the other has an object or a list, lists of different
 * lengths, empty strings, incomplete plural families. Problems read "es: missing home.title" or
 * "es: extra home.note" (a key English lacks); none means every language has the same keys.
 */
export function findTranslationMismatches(resources: ShippedTranslations): string[] {
  const reference = resources[DEFAULT_LANGUAGE];
  const problems: string[] = [];
  for (const language of SUPPORTED_LANGUAGES) {
    if (language in resources) compare(reference, resources[language], language, '', problems);
  }
  return problems;
}

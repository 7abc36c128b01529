import ownLanguageNames from './ownLanguageNames.json';
import { DEFAULT_LANGUAGE, i18n, translationsReady } from './i18n';
import ownStrings from './locales/en.json';

/**
 * A pseudo-locale for tests: every translated string wrapped in markers, so a rendered page shows
 * which of its text came through the translation files. Text with letters outside any marker pair
 * was written into a component or computed from code: copy that no translator will ever see.
 */
const MARK_START = '⟦';
const MARK_END = '⟧';

/** A tag of i18next's `<Trans>`: `<0>`, `</0>`, `<strong>`, `<br/>`, `<emailLink>`. */
const TRANS_TAG = /(<\/?[\w.-]+\s*\/?>)/;

function markString(text: string): string {
  return text
    .split(TRANS_TAG)
    .map((part, index) => {
      // split keeps the tags at odd indexes: they stay as they are, so <Trans> still finds them.
      if (index % 2 === 1 || part.trim() === '') return part;
      const [, before = '', inner = '', after = ''] = /^(\s*)([\s\S]*?)(\s*)$/.exec(part) ?? [];
      return `${before}${MARK_START}${inner}${MARK_END}${after}`;
    })
    .join('');
}

/**
 * The same tree of strings (a namespace's translation file) with every string's text wrapped in
 * ⟦…⟧. `{{placeholders}}` stay inside the markers, so a value they bring in reads as translated;
 * `<Trans>` tags stay outside them and intact, the text between each pair marked on its own (it
 * renders as a text node of its own).
 */
export function pseudoLocalize<T>(strings: T): T {
  if (typeof strings === 'string') return markString(strings) as T;
  if (Array.isArray(strings)) return strings.map((item: unknown) => pseudoLocalize(item)) as T;
  if (strings !== null && typeof strings === 'object') {
    return Object.fromEntries(
      Object.entries(strings).map(([key, value]) => [key, pseudoLocalize(value)]),
    ) as T;
  }
  return strings;
}

/**
 * What reads the same in a pseudo-localized page because it is not copy: e-mail addresses, URLs
 * and the languages' own names, which the language menu shows in every language by design.
 * (Text without letters, such as numbers and phone numbers, is never reported.) `findUnmarkedText`
 * always allows these; a page adds its own: the agency's settings, dates and weekdays Intl writes.
 */
export const NOT_COPY: ReadonlyArray<string | RegExp> = [
  /^[\w.+-]+@[\w-]+(\.[\w-]+)+$/,
  /^(https?:\/\/|www\.)\S*$/,
  ...Object.values(ownLanguageNames),
];

/** Attributes a visitor reads or hears. */
const READ_ATTRIBUTES = ['alt', 'title', 'placeholder', 'aria-label'];
/** Elements whose text is never shown. */
const UNSHOWN = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT']);
const LETTER = /\p{L}/u;

/** The stretches of `text` outside marker pairs (markers may nest), trimmed, with letters. */
function unmarkedParts(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  const flush = () => {
    if (LETTER.test(current)) parts.push(current.trim());
    current = '';
  };
  for (const character of text) {
    if (character === MARK_START) {
      if (depth === 0) flush();
      depth += 1;
    } else if (character === MARK_END && depth > 0) {
      depth -= 1;
    } else if (depth === 0) {
      current += character;
    }
  }
  flush();
  return parts;
}

/**
 * Whether an unmarked stretch is not copy: letterless once the allowed strings are taken out of it
 * (the agency's name after a page title's " | "), or matched by an allowed pattern.
 */
function isAllowed(text: string, allowed: ReadonlyArray<string | RegExp>): boolean {
  // The longest first: "Sunday" before "Sun".
  const strings = allowed.filter((entry) => typeof entry === 'string' && entry !== '') as string[];
  let rest = text;
  for (const entry of strings.sort((a, b) => b.length - a.length)) rest = rest.replaceAll(entry, ' ');
  rest = rest.trim();
  return (
    !LETTER.test(rest) ||
    allowed.some((entry) => typeof entry !== 'string' && (entry.test(text) || entry.test(rest)))
  );
}

function describe(element: Element): string {
  const id = element.id ? `#${element.id}` : '';
  return `<${element.tagName.toLowerCase()}${id}>`;
}

function isShown(element: Element | null, container: Element): boolean {
  for (let node = element; node; node = node === container ? null : node.parentElement) {
    if (UNSHOWN.has(node.tagName)) return false;
  }
  return true;
}

/**
 * Every text of `container` rendered with pseudo-localized strings (`pseudoLocalize`) that has
 * letters outside the markers: its text nodes (not those of script, style, template or noscript,
 * nor a textarea's value) and its alt, title, placeholder and aria-label attributes. Each reads
 * `<p>: Free` or `<img> alt: A chart`. An unmarked stretch is not reported when it has no letters
 * but those of the strings in `allowed` (and `NOT_COPY`), or when one of their patterns (anchor
 * them) matches it. None means every text came from the translation files.
 */
export function findUnmarkedText(container: Element, allowed: ReadonlyArray<string | RegExp> = []): string[] {
  const notCopy = [...NOT_COPY, ...allowed];
  const found: string[] = [];
  const report = (text: string, where: string) => {
    for (const part of unmarkedParts(text)) {
      if (!isAllowed(part, notCopy)) found.push(`${where}: ${part}`);
    }
  };
  const walker = container.ownerDocument.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    // A textarea's text is its value: what the visitor typed.
    if (parent && parent.tagName !== 'TEXTAREA' && isShown(parent, container)) {
      report(node.textContent ?? '', describe(parent));
    }
  }
  for (const element of [container, ...container.querySelectorAll('*')]) {
    if (!isShown(element, container)) continue;
    for (const attribute of READ_ATTRIBUTES) {
      const value = element.getAttribute(attribute);
      if (value !== null) report(value, `${describe(element)} ${attribute}`);
    }
  }
  return found;
}

/**
 * Replaces the English strings of `namespaces` (and of shared-i18n's own, the language menu's) with
 * their pseudo-localized ones, once the strings being loaded have arrived (they would replace them
 * again). Render the pages after it, in English.
 */
export async function showPseudoLocale(namespaces: Record<string, Record<string, unknown>>): Promise<void> {
  await translationsReady();
  for (const [namespace, strings] of Object.entries({ i18n: ownStrings, ...namespaces })) {
    i18n.addResourceBundle(DEFAULT_LANGUAGE, namespace, pseudoLocalize(strings), false, true);
  }
  await i18n.changeLanguage(DEFAULT_LANGUAGE);
}

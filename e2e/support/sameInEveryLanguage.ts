import { OWN_NAMES } from './languages';

/**
 * Text that reads the same in English and Spanish on purpose; any other text a Spanish page shows
 * exactly as its English version does is English left untranslated. No word is listed: words
 * spelt alike in both ("Marketing", "Web", "SEO") only ever appear inside a longer Spanish text.
 */
const SAME_IN_EVERY_LANGUAGE: RegExp[] = [
  // Numbers: prices, days of the month, the phone number and its placeholder ("$500 - $1,000",
  // "+507 6000-0000"); Panama writes dollar amounts with a thousands comma in Spanish too.
  /^[\d\s$%.,:+()\-–]+$/,
  // The agency's e-mail address.
  /^\S+@\S+$/,
  // The website field's placeholder: the start of a URL, not a word.
  /^https:\/\/$/,
  // Glyphs and punctuation alone, such as the header's decorative ◆.
  /^[\p{P}\p{S}\s]+$/u,
];

/** The language menu names each language in itself ("Português"), on every page in every language. */
const OWN_LANGUAGE_NAMES: readonly string[] = Object.values(OWN_NAMES);

/** The agency's name, as site-config sets it when the build's SITE_NAME does not. */
const AGENCY_NAME = process.env.SITE_NAME || 'Istmo Digital';

export function isSameInEveryLanguage(text: string): boolean {
  return (
    text === AGENCY_NAME ||
    OWN_LANGUAGE_NAMES.includes(text) ||
    SAME_IN_EVERY_LANGUAGE.some((pattern) => pattern.test(text))
  );
}

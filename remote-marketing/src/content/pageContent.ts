/** Shapes of the structured copy in locales/*.json besides service entries (checked by translations.test.ts). */

/** A FAQ entry (docs/product.md §2). */
export interface FaqEntry {
  question: string;
  answer: string;
}

/** A titled item of a grid: an Our Story feature, a value. */
export interface Highlight {
  title: string;
  text: string;
}

/** A titled section of the privacy policy or the terms. */
export interface LegalSection {
  title: string;
  paragraphs: string[];
  items?: string[];
}

/** docs/product.md §2: counts of the services, about and legal pages. */
export const SERVICES_PROCESS_STEPS = 4;
export const FAQ_QUESTIONS = 6;
export const LEGAL_SECTIONS = 4;

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

/**
 * The privacy policy's section for visitors in Brazil (LGPD): the legal basis of each use of data,
 * the holder's rights and how to exercise them, the transfer abroad and the person in charge of data.
 */
export interface BrazilPrivacyNotice {
  title: string;
  intro: string;
  legalBasesIntro: string;
  legalBases: string[];
  rightsIntro: string;
  rights: string[];
  exercise: string;
  transfer: string;
  officer: string;
}

/** docs/product.md §2: counts of the services, about and legal pages. */
export const SERVICES_PROCESS_STEPS = 4;
export const FAQ_QUESTIONS = 6;
export const LEGAL_SECTIONS = 4;

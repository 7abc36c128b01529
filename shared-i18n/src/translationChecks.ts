/**
 * Checks of a package's translations, for its tests only (`shared-i18n/translation-checks`): no
 * app imports them, so they stay out of what browsers download.
 */
export { findTranslationMismatches } from './findTranslationMismatches';
export { findUnmarkedText, NOT_COPY, pseudoLocalize, showPseudoLocale } from './pseudoLocale';

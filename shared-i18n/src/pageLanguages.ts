// Which of the site's languages the page on screen has. A remote's version says which languages it
// ships (its manifest's `metaData.languages`), and the shell provides that list around the
// version's page: the page's metadata names only those in `hreflang` and `og:locale:alternate`.
import { createContext, useContext } from 'react';
import { SUPPORTED_LANGUAGES, type Language } from './i18n';

const PageLanguagesContext = createContext<readonly Language[]>(SUPPORTED_LANGUAGES);

/** Provides the languages of the page inside it (every language of the site where not provided). */
export const PageLanguagesProvider = PageLanguagesContext.Provider;

/** The languages the page on screen has, in the site's order. */
export function usePageLanguages(): readonly Language[] {
  return useContext(PageLanguagesContext);
}

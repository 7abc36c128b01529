// A remote's page in a language its version has not shipped yet: shown in English, marked as
// English for screen readers and translation tools, under one sentence in the page's language
// saying so. Teams release languages one remote at a time (docs/releases.md, "A new language").
import { use, useMemo, type ReactNode } from 'react';
import {
  DEFAULT_LANGUAGE,
  I18nextProvider,
  languageTag,
  loadDefaultLanguageStrings,
  PageLanguagesProvider,
  useLanguage,
  useTranslation,
  type Language,
} from 'shared-i18n';
import type { RemoteName } from './remoteContracts';
import './PageInItsLanguages.css';

/** The English strings of each remote being fetched after a switch to a language it lacks. */
const englishLoads = new Map<RemoteName, Promise<unknown>>();

/** Suspends until the remote's English strings are in the store (at once when they already are). */
function useEnglishStrings(remote: RemoteName): void {
  const { i18n } = useTranslation();
  if (i18n.hasResourceBundle(DEFAULT_LANGUAGE, remote)) return;
  let load = englishLoads.get(remote);
  if (!load) {
    load = loadDefaultLanguageStrings(remote).finally(() => englishLoads.delete(remote));
    englishLoads.set(remote, load);
  }
  use(load);
}

function InEnglish({ remote, children }: { remote: RemoteName; children: ReactNode }) {
  const { t, i18n } = useTranslation('shell');
  useEnglishStrings(remote);
  // Only the remote's namespace, whose English strings are in the store: a clone's language
  // changes once it has every namespace it lists in that language, and in a browser the others
  // (the shell's) are there only in the page's language, so its first render would not be English.
  const english = useMemo(
    () => i18n.cloneInstance({ lng: DEFAULT_LANGUAGE, initAsync: false, ns: [remote] }),
    [i18n, remote],
  );
  return (
    <>
      <p className="page-language-note site-container" role="note" data-testid="page-language-note">
        {t('pageLanguage.inEnglish')}
      </p>
      <div lang={languageTag(DEFAULT_LANGUAGE)} className="page-language-english">
        <I18nextProvider i18n={english}>{children}</I18nextProvider>
      </div>
    </>
  );
}

/** The page inside it, in the visitor's language where its version has it, else in English. */
export function PageInItsLanguages(props: {
  remote: RemoteName;
  languages: readonly Language[];
  children: ReactNode;
}) {
  const language = useLanguage();
  const page = <PageLanguagesProvider value={props.languages}>{props.children}</PageLanguagesProvider>;
  return props.languages.includes(language) ? page : <InEnglish remote={props.remote}>{page}</InEnglish>;
}

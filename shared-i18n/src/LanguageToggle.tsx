import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'shared-router';
import { LANGUAGE_PARAM, prefetchLanguage, type Language } from './i18n';
import { setLanguage, useLanguage } from './useSiteLanguage';
import { UsFlag, PanamaFlag } from './flags';
import './LanguageToggle.css';

/**
 * The same page in `language`, as a link relative to the page's own address (`?lang=es`): it names
 * no path, so a page whose HTML the server shares between addresses (every unknown path's 404) links
 * each one to itself. Other parameters are kept only where the page says its address needs them (a
 * token): a page kept for every query must not carry one visitor's query to the next.
 */
function sameAddressIn(language: Language, search: string, queryKept: boolean): string {
  const params = new URLSearchParams(queryKept ? search : '');
  params.set(LANGUAGE_PARAM, language);
  return `?${params.toString()}`;
}

/** A press that asks for a new tab or window, a download or another button: the browser's to handle. */
function leftToTheBrowser(event: MouseEvent): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

interface LanguageToggleProps {
  className?: string;
  /** The page's address carries what the page needs besides its path (a token): a switch keeps it. */
  queryKept?: boolean;
}

/**
 * The flag that switches between English and Spanish. It shows the flag of the language it
 * switches to, and says so to screen readers in the current language. It is a link to the same
 * page in that language, which the server renders: a tap before the page has hydrated (or with
 * JavaScript off) loads it. Once hydrated, a tap switches in place instead, with no new page. Only
 * the page's language is downloaded at first; the other one is fetched as soon as a pointer or the
 * focus reaches the flag, so the switch is instant by the time it is pressed.
 */
export function LanguageToggle({ className = '', queryKept = false }: LanguageToggleProps) {
  const { t } = useTranslation('i18n');
  const language = useLanguage();
  const next = language === 'en' ? 'es' : 'en';
  const { search } = useLocation();
  const switchInPlace = (event: MouseEvent) => {
    if (leftToTheBrowser(event)) return;
    event.preventDefault();
    setLanguage(next).catch((error: unknown) => console.error('[i18n] language not switched:', error));
  };
  return (
    <a
      href={sameAddressIn(next, search, queryKept)}
      hrefLang={next}
      className={`i18n-toggle ${className}`.trim()}
      onPointerEnter={() => void prefetchLanguage(next)}
      onFocus={() => void prefetchLanguage(next)}
      onClick={switchInPlace}
      aria-label={t('switchTo', { language: t(`languageName.${next}`) })}
      lang={language}
      data-testid="language-toggle"
    >
      {next === 'es' ? <PanamaFlag /> : <UsFlag />}
      <span className="i18n-toggle__code" aria-hidden="true">
        {next.toUpperCase()}
      </span>
    </a>
  );
}

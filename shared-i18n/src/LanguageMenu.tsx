// The header's language menu: the site's languages, each by its own name, as links to the same page
// in that language. A <details> element, so it opens, closes and is reached by keyboard and screen
// readers from the first paint, before any script has run.
import { useEffect, useRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'shared-router';
import { LANGUAGE_PARAM, languageTag, prefetchLanguage, SUPPORTED_LANGUAGES, type Language } from './i18n';
import { setLanguage, useLanguage } from './useSiteLanguage';
import ownLanguageNames from './ownLanguageNames.json';
import './LanguageMenu.css';

/**
 * Each language's name in that language ("Português"), the same on every page whatever the page's
 * language: a reader looks for their own language's name, so it is no page's copy to translate.
 */
const OWN_NAMES: Readonly<Record<Language, string>> = ownLanguageNames;

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

/** Closes the open menu on Escape (focus back on its button) and on a press anywhere outside it. */
function useClosedFromOutside(menu: React.RefObject<HTMLDetailsElement | null>): void {
  useEffect(() => {
    const details = menu.current;
    if (!details) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !details.open) return;
      details.open = false;
      details.querySelector('summary')?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    details.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      details.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [menu]);
}

interface LanguageMenuProps {
  className?: string;
  /** The page's address carries what the page needs besides its path (a token): a switch keeps it. */
  queryKept?: boolean;
}

/**
 * Each link is the same page in its language, which the server renders: a press before the page
 * has hydrated (or with JavaScript off) loads it. Once hydrated, a press switches in place instead,
 * with no new page. Only the page's language is downloaded at first; another is fetched as soon as
 * a pointer or the focus reaches its link, so the switch is instant by the time it is pressed.
 */
export function LanguageMenu({ className = '', queryKept = false }: LanguageMenuProps) {
  const { t } = useTranslation('i18n');
  const language = useLanguage();
  const { search } = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  useClosedFromOutside(menu);
  const switchTo = (other: Language) => (event: MouseEvent) => {
    if (leftToTheBrowser(event)) return;
    event.preventDefault();
    if (menu.current) menu.current.open = false;
    if (other === language) return;
    setLanguage(other).catch((error: unknown) => console.error('[i18n] language not switched:', error));
  };
  return (
    <details ref={menu} className={`i18n-menu ${className}`.trim()} data-testid="language-menu">
      <summary
        className="i18n-menu__button"
        aria-label={t('menuLabel', { language: OWN_NAMES[language] })}
        data-testid="language-toggle"
      >
        <span className="i18n-menu__globe" aria-hidden="true" />
        <span lang={languageTag(language)}>{OWN_NAMES[language]}</span>
      </summary>
      <ul className="i18n-menu__list">
        {SUPPORTED_LANGUAGES.map((other) => (
          <li key={other}>
            <a
              href={sameAddressIn(other, search, queryKept)}
              hrefLang={languageTag(other)}
              lang={languageTag(other)}
              aria-current={other === language ? 'true' : undefined}
              className="i18n-menu__option"
              onPointerEnter={() => void prefetchLanguage(other)}
              onFocus={() => void prefetchLanguage(other)}
              onClick={switchTo(other)}
              data-testid={`language-option-${other}`}
            >
              {OWN_NAMES[other]}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

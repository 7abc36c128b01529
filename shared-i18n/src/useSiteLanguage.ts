import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'shared-router';
import { DEFAULT_LANGUAGE, i18n, LANGUAGE_PARAM, languageOf, languageTag, type Language } from './i18n';

/** Switches the site's language once its strings have arrived (at once if they already have). */
export function setLanguage(language: Language): Promise<unknown> {
  return i18n.changeLanguage(language);
}

/**
 * The current language, re-rendering the caller when it changes. Read from the i18next instance
 * of the render (a per-request clone on the server), never from the shared singleton.
 */
export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return languageOf(instance);
}

/**
 * Keeps <html lang> and the URL in step with the language. The URL is replaced, not pushed, so
 * switching language adds no history entry. Called once by whatever owns the page layout.
 *
 * The replacement names no path: the router resolves it against its own latest location. A switch
 * can land while a navigation is still rendering (the router updates React in a transition, the
 * language urgently), and then `location` here is still the page being left: naming its path
 * would send the visitor back there.
 */
export function useSiteLanguage(): Language {
  const language = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    document.documentElement.lang = languageTag(language);
  }, [language]);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const wanted = language === DEFAULT_LANGUAGE ? null : language;
    if (params.get(LANGUAGE_PARAM) === wanted) return;
    if (wanted) params.set(LANGUAGE_PARAM, wanted);
    else params.delete(LANGUAGE_PARAM);
    const search = params.toString();
    void navigate(
      { search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, preventScrollReset: true, state: location.state },
    );
  }, [language, location, navigate]);

  return language;
}

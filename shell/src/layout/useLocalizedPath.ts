import { DEFAULT_LANGUAGE, LANGUAGE_PARAM, useLanguage } from 'shared-i18n';

/**
 * The shell's links carry the language in their href (/about?lang=es), so they keep it as plain
 * links too: before the page hydrates, and with JavaScript off.
 */
export function useLocalizedPath(): (path: string) => string {
  const language = useLanguage();
  return (path) => (language === DEFAULT_LANGUAGE ? path : `${path}?${LANGUAGE_PARAM}=${language}`);
}

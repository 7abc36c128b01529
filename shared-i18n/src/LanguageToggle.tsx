import { useTranslation } from 'react-i18next';
import { useHydrated } from 'shared-forms';
import { prefetchLanguage } from './i18n';
import { setLanguage, useLanguage } from './useSiteLanguage';
import { UsFlag, PanamaFlag } from './flags';
import './LanguageToggle.css';

/**
 * The flag button that switches between English and Spanish. It shows the flag of the language
 * it switches to, and says so to screen readers in the current language. Only the page's language
 * is downloaded at first; the other one is fetched as soon as a pointer or the focus reaches the
 * button, so the switch is instant by the time it is pressed. Until the page has hydrated the
 * button says it is unavailable (aria-disabled, so it stays in the Tab order): a press before then
 * does nothing.
 */
export function LanguageToggle({ className = '' }: { className?: string }) {
  const { t } = useTranslation('i18n');
  const language = useLanguage();
  const next = language === 'en' ? 'es' : 'en';
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      aria-disabled={!hydrated}
      className={`i18n-toggle ${className}`.trim()}
      onPointerEnter={() => void prefetchLanguage(next)}
      onFocus={() => void prefetchLanguage(next)}
      onClick={() =>
        setLanguage(next).catch((error: unknown) => console.error('[i18n] language not switched:', error))
      }
      aria-label={t('switchTo', { language: t(`languageName.${next}`) })}
      lang={language}
      data-testid="language-toggle"
    >
      {next === 'es' ? <PanamaFlag /> : <UsFlag />}
      <span className="i18n-toggle__code" aria-hidden="true">
        {next.toUpperCase()}
      </span>
    </button>
  );
}

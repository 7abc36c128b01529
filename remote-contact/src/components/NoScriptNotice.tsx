import { useTranslation } from 'shared-i18n';
import { NAMESPACE } from '../i18n';

/** Shown only where scripts are off: the page is server-rendered, but the form sends through one. */
export function NoScriptNotice() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <noscript>
      <p className="site-notice" data-testid="noscript-notice">
        {t('noscript')}
      </p>
    </noscript>
  );
}

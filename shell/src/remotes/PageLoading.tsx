import { useTranslation } from 'shared-i18n';
import './PageLoading.css';

export function PageLoading() {
  const { t } = useTranslation('shell');
  return (
    <div className="shell-loading" role="status" aria-live="polite">
      <span className="shell-loading__spinner" aria-hidden="true" />
      <span className="site-visually-hidden">{t('loading')}</span>
    </div>
  );
}

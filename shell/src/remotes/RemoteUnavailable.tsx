import { useTranslation } from 'shared-i18n';
import { StatusPageTitle } from '../routes/StatusPageTitle';
import '../routes/StatusPage.css';

export function RemoteUnavailable({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <section className="shell-status" role="alert" data-testid="remote-unavailable">
      {/* The server sends this panel as a whole page when the remote fails: it needs a title. */}
      <StatusPageTitle title={t('remoteUnavailable.metaTitle')} />
      <h1 className="shell-status__title">{t('remoteUnavailable.title')}</h1>
      <p className="shell-status__text">{t('remoteUnavailable.text')}</p>
      <button type="button" className="site-button site-button--primary" onClick={onRetry}>
        {t('remoteUnavailable.retry')}
      </button>
    </section>
  );
}

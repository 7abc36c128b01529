import { useTranslation } from 'react-i18next';
import './RemoteUnavailable.css';

export function RemoteUnavailable({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <section className="shell-unavailable" role="alert" data-testid="remote-unavailable">
      <h1 className="shell-unavailable__title">{t('remoteUnavailable.title')}</h1>
      <p>{t('remoteUnavailable.text')}</p>
      <button type="button" className="site-button site-button--primary" onClick={onRetry}>
        {t('remoteUnavailable.retry')}
      </button>
    </section>
  );
}

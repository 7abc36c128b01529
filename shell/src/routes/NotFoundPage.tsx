import { Link } from 'shared-router';
import { useTranslation } from 'shared-i18n';
import { useLocalizedPath } from '../layout/useLocalizedPath';
import { StatusPageTitle } from './StatusPageTitle';
import './StatusPage.css';

export function NotFoundPage() {
  const { t } = useTranslation('shell');
  const localized = useLocalizedPath();
  return (
    <section className="shell-status" data-testid="not-found">
      <StatusPageTitle title={t('notFound.metaTitle')} />
      <p className="shell-status__code" aria-hidden="true">
        404
      </p>
      <h1 className="shell-status__title">{t('notFound.title')}</h1>
      <p className="shell-status__text">{t('notFound.text')}</p>
      <Link to={localized('/')} className="site-button site-button--primary">
        {t('notFound.backHome')}
      </Link>
    </section>
  );
}

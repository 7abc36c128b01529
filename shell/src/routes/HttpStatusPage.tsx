import { Link } from 'shared-router';
import { useTranslation } from 'shared-i18n';
import { useLocalizedPath } from '../layout/useLocalizedPath';
import { type HttpErrorStatus } from './httpStatus';
import { StatusPageTitle } from './StatusPageTitle';
import './StatusPage.css';

/**
 * The site's page for an error the server answered instead of the page asked for (a malformed
 * address, a refused method, too many requests, a failure of its own), in the layout and the
 * visitor's language, like the 404 page.
 */
export function HttpStatusPage({ status }: { status: HttpErrorStatus }) {
  const { t } = useTranslation('shell');
  const localized = useLocalizedPath();
  return (
    <section className="shell-status" data-testid="http-status" data-status={status}>
      <StatusPageTitle title={t(`httpStatus.${status}.title`)} />
      <p className="shell-status__code" aria-hidden="true">
        {status}
      </p>
      <h1 className="shell-status__title">{t(`httpStatus.${status}.title`)}</h1>
      <p className="shell-status__text">{t(`httpStatus.${status}.text`)}</p>
      <Link to={localized('/')} className="site-button site-button--primary">
        {t('notFound.backHome')}
      </Link>
    </section>
  );
}

import { isRouteErrorResponse, useRouteError } from 'shared-router';
import { useTranslation } from 'shared-i18n';
import { StatusPageTitle } from './StatusPageTitle';
import './StatusPage.css';

function describe(error: unknown): { status: number; message: string } {
  if (isRouteErrorResponse(error)) return { status: error.status, message: error.statusText };
  if (error instanceof Error) return { status: 500, message: error.message };
  return { status: 500, message: String(error) };
}

/** docs/product.md §2 "When something fails": a generic error with its status and message. */
export function RouteErrorPage() {
  const { t } = useTranslation('shell');
  const { status, message } = describe(useRouteError());
  return (
    <section className="shell-status" role="alert" data-testid="route-error">
      <StatusPageTitle title={t('routeError.title')} />
      <h1 className="shell-status__title">{t('routeError.title')}</h1>
      <p className="shell-status__text">
        <strong>{status}</strong> {message}
      </p>
      <a href="/" className="site-button site-button--primary">
        {t('notFound.backHome')}
      </a>
    </section>
  );
}

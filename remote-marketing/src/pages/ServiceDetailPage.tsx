import { Link, Navigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageHero } from '../components/PageHero';
import { isServiceId } from '../content/serviceIds';
import { NAMESPACE } from '../i18n';

export default function ServiceDetailPage() {
  const { t } = useTranslation(NAMESPACE);
  const { serviceId } = useParams();
  if (!isServiceId(serviceId)) return <Navigate to="/services" replace />;
  return (
    <>
      <title>{t(`serviceDetail.${serviceId}.title`)}</title>
      <PageHero
        title={t(`serviceDetail.${serviceId}.title`)}
        subtitle={t(`serviceDetail.${serviceId}.subtitle`)}
      >
        <Link to="/booking" className="site-button site-button--primary">
          {t('serviceDetail.cta')}
        </Link>
      </PageHero>
    </>
  );
}

import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageHero } from '../components/PageHero';
import { NAMESPACE } from '../i18n';

export default function HomePage() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <>
      <title>{t('home.metaTitle')}</title>
      <PageHero title={t('home.title')} subtitle={t('home.subtitle')}>
        <Link to="/booking" className="site-button site-button--primary">
          {t('home.getStarted')}
        </Link>
        <Link to="/services" className="site-button site-button--secondary">
          {t('home.exploreServices')}
        </Link>
      </PageHero>
    </>
  );
}

import { Link } from 'shared-router';
import { useTranslation } from 'shared-i18n';
import { CallToAction } from '../components/CallToAction';
import { PageHero } from '../components/PageHero';
import { AiSolutions } from '../home/AiSolutions';
import { HomeServiceGrid } from '../home/HomeServiceGrid';
import { NAMESPACE } from '../i18n';
import { PageMetadata, shareImageSet } from 'page-metadata';
import { shareImages } from '../metadata/shareImages';

export default function HomePage() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <>
      <PageMetadata
        path="/"
        title={t('home.metaTitle')}
        description={t('home.metaDescription')}
        image={shareImageSet(shareImages, 'home')}
      />
      <PageHero title={t('home.title')} subtitle={t('home.subtitle')}>
        <Link to="/booking" className="site-button site-button--primary">
          {t('home.getStarted')}
        </Link>
        <Link to="/services" className="site-button site-button--secondary">
          {t('home.exploreServices')}
        </Link>
      </PageHero>
      <HomeServiceGrid />
      <AiSolutions />
      <CallToAction title={t('home.cta.title')} text={t('home.cta.text')}>
        <Link to="/booking" className="site-button marketing-cta__primary">
          {t('home.cta.button')}
        </Link>
        <Link to="/contact" className="site-button site-button--secondary">
          {t('home.cta.secondary')}
        </Link>
      </CallToAction>
    </>
  );
}

import { Link } from 'shared-router';
import { useTranslation } from 'shared-i18n';
import { HighlightGrid } from '../about/HighlightGrid';
import { OurStory } from '../about/OurStory';
import { VALUES } from '../about/aboutHighlights';
import { CallToAction } from '../components/CallToAction';
import { PageHero } from '../components/PageHero';
import { Section } from '../components/Section';
import { SectionHeader } from '../components/SectionHeader';
import { NAMESPACE } from '../i18n';
import { PageMetadata, shareImageSet } from 'page-metadata';
import { shareImages } from '../metadata/shareImages';

export default function AboutPage() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <>
      <PageMetadata
        path="/about"
        type="AboutPage"
        title={t('about.metaTitle')}
        description={t('about.metaDescription')}
        image={shareImageSet(shareImages, 'about')}
      />
      <PageHero title={t('about.title')} subtitle={t('about.subtitle')} />
      <OurStory />
      <Section labelledBy="about-values-title" tone="tinted" testId="about-values">
        <SectionHeader
          id="about-values-title"
          title={t('about.values.title')}
          subtitle={t('about.values.subtitle')}
        />
        <HighlightGrid items={VALUES} keyPrefix="about.values.items" columns={3} testId="about-value" />
      </Section>
      <CallToAction title={t('about.cta.title')} text={t('about.cta.text')}>
        <Link to="/booking" className="site-button marketing-cta__primary">
          {t('about.cta.schedule')}
        </Link>
        <Link to="/services" className="site-button site-button--secondary">
          {t('about.cta.explore')}
        </Link>
      </CallToAction>
    </>
  );
}

import { Link } from 'shared-router';
import { useTranslation } from 'shared-i18n';
import { CallToAction } from '../components/CallToAction';
import { Illustration } from '../components/Illustration';
import { NumberedSteps } from '../components/NumberedSteps';
import { PageHero } from '../components/PageHero';
import { Section } from '../components/Section';
import { SectionHeader } from '../components/SectionHeader';
import type { ServiceId } from '../content/serviceIds';
import { useServiceEntry } from '../content/useServiceEntry';
import { NAMESPACE } from '../i18n';
import { ServiceMetadata } from './ServiceMetadata';
import { ServiceOverview } from './ServiceOverview';

/**
 * The detail page of a known service (docs/product.md §2): hero, overview, benefits, process, call
 * to action.
 */
export function ServiceDetail({ id }: { id: ServiceId }) {
  const { t } = useTranslation(NAMESPACE);
  const service = useServiceEntry(id);
  return (
    <>
      <ServiceMetadata service={service} />
      <PageHero
        title={service.title}
        subtitle={service.subtitle}
        illustration={
          <Illustration
            src={service.image}
            alt={service.imageAlt}
            className="marketing-hero__illustration"
            priority
          />
        }
      >
        <Link to="/booking" className="site-button site-button--primary">
          {t('serviceDetailPage.getStarted')}
        </Link>
      </PageHero>
      <ServiceOverview service={service} />
      <Section labelledBy="service-process-title" tone="tinted" testId="service-process">
        <SectionHeader id="service-process-title" title={service.process.title} />
        <NumberedSteps steps={service.process.steps} />
      </Section>
      <CallToAction title={t('serviceDetailPage.cta.title')} text={t('serviceDetailPage.cta.text')}>
        <Link to="/booking" className="site-button marketing-cta__primary">
          {t('serviceDetailPage.cta.button')}
        </Link>
        <Link to="/services" className="site-button site-button--secondary">
          {t('serviceDetailPage.cta.secondary')}
        </Link>
      </CallToAction>
    </>
  );
}

import { Link } from 'shared-router';
import { useTranslation } from 'shared-i18n';
import { CallToAction } from '../components/CallToAction';
import { NumberedSteps } from '../components/NumberedSteps';
import { PageHero } from '../components/PageHero';
import { Section } from '../components/Section';
import { SectionHeader } from '../components/SectionHeader';
import type { FaqEntry } from '../content/pageContent';
import type { ProcessStep } from '../content/serviceEntry';
import { useListedServices } from '../content/useListedServices';
import { useTranslatedContent } from '../content/useTranslatedContent';
import { NAMESPACE } from '../i18n';
import { ServicesMetadata } from '../services/ServicesMetadata';
import { FaqAccordion } from '../services/FaqAccordion';
import { ServiceSection } from '../services/ServiceSection';

export default function ServicesPage() {
  const { t } = useTranslation(NAMESPACE);
  const services = useListedServices();
  const steps = useTranslatedContent<ProcessStep[]>('services.process.steps');
  const questions = useTranslatedContent<FaqEntry[]>('services.faq.items');
  return (
    <>
      <ServicesMetadata services={services} questions={questions} />
      <PageHero title={t('services.title')} subtitle={t('services.subtitle')} />
      <div className="site-container">
        {services.map((service, index) => (
          <ServiceSection key={service.id} service={service} mirrored={index % 2 === 1} first={index === 0} />
        ))}
      </div>
      <Section labelledBy="services-process-title" tone="tinted" testId="services-process">
        <SectionHeader
          id="services-process-title"
          title={t('services.process.title')}
          subtitle={t('services.process.subtitle')}
        />
        <NumberedSteps steps={steps} />
      </Section>
      <Section labelledBy="services-faq-title" testId="services-faq">
        <SectionHeader
          id="services-faq-title"
          title={t('services.faq.title')}
          subtitle={t('services.faq.subtitle')}
        />
        <FaqAccordion entries={questions} />
      </Section>
      <CallToAction title={t('services.cta.title')} text={t('services.cta.text')}>
        <Link to="/booking" className="site-button marketing-cta__primary">
          {t('services.cta.button')}
        </Link>
      </CallToAction>
    </>
  );
}

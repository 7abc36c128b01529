import { useTranslation } from 'shared-i18n';
import { Section } from '../components/Section';
import { SectionHeader } from '../components/SectionHeader';
import { useListedServices } from '../content/useListedServices';
import { NAMESPACE } from '../i18n';
import { useRevealOnScroll } from '../motion/useRevealOnScroll';
import { ServiceCard } from './ServiceCard';
import '../motion/motion.css';
import './HomeServiceGrid.css';

/** The six service cards; they reveal together, staggered, once the grid scrolls into view. */
export function HomeServiceGrid() {
  const { t } = useTranslation(NAMESPACE);
  const services = useListedServices();
  const { ref, revealed } = useRevealOnScroll<HTMLUListElement>();
  return (
    <Section labelledBy="home-services-title" tone="tinted">
      <SectionHeader
        id="home-services-title"
        title={t('home.servicesTitle')}
        subtitle={t('home.servicesSubtitle')}
      />
      <ul ref={ref} className="marketing-service-grid" data-testid="home-service-grid">
        {services.map((service, index) => (
          <ServiceCard key={service.id} service={service} index={index} revealed={revealed} />
        ))}
      </ul>
    </Section>
  );
}

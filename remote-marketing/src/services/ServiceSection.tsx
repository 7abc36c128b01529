import { useTranslation } from 'shared-i18n';
import { ArrowLink } from '../components/ArrowLink';
import { Icon } from '../components/Icon';
import { IconBadge } from '../components/IconBadge';
import { Illustration } from '../components/Illustration';
import type { ListedService } from '../content/listedServices';
import { SERVICE_ICONS } from '../content/serviceIcons';
import { NAMESPACE } from '../i18n';
import './ServiceSection.css';

interface ServiceSectionProps {
  service: ListedService;
  /** Every other section puts its illustration on the other side. */
  mirrored: boolean;
  /** The first section is on the first screen: its illustration loads at once, first. */
  first: boolean;
}

/** One service on the services page: icon, description, five features and a Learn More link. */
export function ServiceSection({ service, mirrored, first }: ServiceSectionProps) {
  const { t } = useTranslation(NAMESPACE);
  const titleId = `service-${service.id}-title`;
  return (
    <section
      id={service.id}
      className={`marketing-service-section${mirrored ? ' marketing-service-section--mirrored' : ''}`}
      aria-labelledby={titleId}
      data-testid="service-section"
    >
      <div className="marketing-service-section__body">
        <IconBadge name={SERVICE_ICONS[service.id]} />
        <h2 id={titleId} className="marketing-service-section__title">
          {service.title}
        </h2>
        <p className="marketing-service-section__description">{service.description}</p>
        <ul className="marketing-checklist">
          {service.features.map((feature) => (
            <li key={feature} data-testid="service-feature">
              <Icon name="check" size={20} className="marketing-checklist__mark" />
              {feature}
            </li>
          ))}
        </ul>
        <ArrowLink to={service.route} hiddenSuffix={t('common.learnMoreWhich', { service: service.title })}>
          {t('common.learnMore')}
        </ArrowLink>
      </div>
      <Illustration
        src={service.image}
        alt={service.imageAlt}
        className="marketing-service-section__image"
        priority={first}
      />
    </section>
  );
}

import { useTranslation } from 'shared-i18n';
import { ArrowLink } from '../components/ArrowLink';
import { IconBadge } from '../components/IconBadge';
import type { ListedService } from '../content/listedServices';
import { SERVICE_ICONS } from '../content/serviceIcons';
import { NAMESPACE } from '../i18n';
import { staggerDelay } from '../motion/motionTimings';

interface ServiceCardProps {
  service: ListedService;
  index: number;
  revealed: boolean;
}

/** One card of the home grid; it slides in after the cards before it (docs/product.md §2, motion). */
export function ServiceCard({ service, index, revealed }: ServiceCardProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <li
      className="marketing-service-card marketing-reveal"
      data-revealed={revealed}
      style={staggerDelay(index)}
      data-testid="home-service-card"
    >
      <IconBadge name={SERVICE_ICONS[service.id]} />
      <h3 className="marketing-service-card__title">{service.title}</h3>
      <p className="marketing-service-card__description">{service.description}</p>
      <ArrowLink to={service.route} hiddenSuffix={t('common.learnMoreWhich', { service: service.title })}>
        {t('common.learnMore')}
      </ArrowLink>
    </li>
  );
}

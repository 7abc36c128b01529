import { useTranslation } from 'shared-i18n';
import { NAMESPACE } from '../i18n';
import { LISTED_SERVICE_IDS, type ListedService, type ListedServiceText } from './listedServices';
import { serviceRoute } from './serviceIds';
import { SERVICE_IMAGES } from './serviceImages';

/** The six listed services in the current language, in display order. */
export function useListedServices(): ListedService[] {
  const { t } = useTranslation(NAMESPACE);
  return LISTED_SERVICE_IDS.map((id) => ({
    id,
    title: t(`serviceDetail.${id}.title`),
    imageAlt: t(`serviceDetail.${id}.imageAlt`),
    image: SERVICE_IMAGES[id],
    route: serviceRoute(id),
    ...(t(`services.listing.${id}`, { returnObjects: true }) as ListedServiceText),
  }));
}

import type { ServiceEntry, ServiceText } from './serviceEntry';
import type { ServiceId } from './serviceIds';
import { SERVICE_IMAGES } from './serviceImages';
import { useTranslatedContent } from './useTranslatedContent';

/** A service's entry (docs/product.md §2) in the current language. */
export function useServiceEntry(id: ServiceId): ServiceEntry {
  const text = useTranslatedContent<ServiceText>(`serviceDetail.${id}`);
  return { id, image: SERVICE_IMAGES[id], ...text };
}

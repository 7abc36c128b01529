import { useTranslation } from 'react-i18next';
import { useLanguage } from 'shared-i18n';
import type { ListedService } from '../content/listedServices';
import { NAMESPACE } from '../i18n';
import { PageMetadata, pageUrl } from '../metadata/PageMetadata';
import { itemListNode, serviceNode } from '../metadata/structuredData';

/** The services page describes itself as a collection whose main entity is the list of services. */
export function ServicesMetadata({ services }: { services: ListedService[] }) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const list = itemListNode(
    pageUrl('/services', language),
    services.map((service) =>
      serviceNode({
        name: service.title,
        description: service.description,
        url: pageUrl(service.route, language),
      }),
    ),
  );
  return (
    <PageMetadata
      path="/services"
      type="CollectionPage"
      title={t('services.metaTitle')}
      description={t('services.metaDescription')}
      mainEntity={list}
    />
  );
}

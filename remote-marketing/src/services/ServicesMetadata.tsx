import { faqPageNode, itemListNode, PageMetadata, pageUrl, serviceNode, shareImageSet } from 'page-metadata';
import { useLanguage, useTranslation } from 'shared-i18n';
import type { ListedService } from '../content/listedServices';
import type { FaqEntry } from '../content/pageContent';
import { NAMESPACE } from '../i18n';
import { shareImages } from '../metadata/shareImages';

interface ServicesMetadataProps {
  services: ListedService[];
  questions: FaqEntry[];
}

/** The services page: a collection whose main entity is the list of services, and its FAQ. */
export function ServicesMetadata({ services, questions }: ServicesMetadataProps) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const url = pageUrl('/services', language);
  const list = itemListNode(
    `${url}#services`,
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
      image={shareImageSet(shareImages, 'services')}
      mainEntity={list}
      parts={[faqPageNode(url, questions)]}
    />
  );
}

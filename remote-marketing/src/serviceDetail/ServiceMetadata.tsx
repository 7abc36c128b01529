import { PageMetadata, pageUrl, serviceNode, shareImageSet } from 'page-metadata';
import { useLanguage, useTranslation } from 'shared-i18n';
import type { ServiceEntry } from '../content/serviceEntry';
import { serviceRoute } from '../content/serviceIds';
import { NAMESPACE } from '../i18n';
import { shareImages } from '../metadata/shareImages';

/** A service page is about one Service, provided by the organization, found under Home › Services. */
export function ServiceMetadata({ service }: { service: ServiceEntry }) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const path = serviceRoute(service.id);
  return (
    <PageMetadata
      path={path}
      title={service.title}
      description={service.subtitle}
      image={shareImageSet(shareImages, `service-${service.id}`)}
      mainEntity={serviceNode({
        name: service.title,
        description: service.overview.description,
        url: pageUrl(path, language),
      })}
      breadcrumbs={[
        { name: t('breadcrumbs.home'), path: '/' },
        { name: t('breadcrumbs.services'), path: '/services' },
      ]}
    />
  );
}

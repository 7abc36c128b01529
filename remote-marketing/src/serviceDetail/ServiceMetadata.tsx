import { useLanguage } from 'shared-i18n';
import type { ServiceEntry } from '../content/serviceEntry';
import { serviceRoute } from '../content/serviceIds';
import { PageMetadata, pageUrl } from '../metadata/PageMetadata';
import { serviceNode } from '../metadata/structuredData';

/** A service page is about one Service, provided by the organization. */
export function ServiceMetadata({ service }: { service: ServiceEntry }) {
  const language = useLanguage();
  const path = serviceRoute(service.id);
  return (
    <PageMetadata
      path={path}
      title={service.title}
      description={service.subtitle}
      mainEntity={serviceNode({
        name: service.title,
        description: service.overview.description,
        url: pageUrl(path, language),
      })}
    />
  );
}

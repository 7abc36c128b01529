import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, useLanguage, type Language } from 'shared-i18n';
import { siteConfig } from 'site-config';
import { NAMESPACE } from '../i18n';
import {
  absoluteUrl,
  organizationNode,
  serializeJsonLd,
  webPageNode,
  type JsonLdNode,
  type WebPageType,
} from './structuredData';

/** The public URL of a page in a language (the site carries a non-default language in ?lang=). */
export function pageUrl(path: string, language: Language): string {
  const url = absoluteUrl(path);
  return language === DEFAULT_LANGUAGE ? url : `${url}?lang=${language}`;
}

interface PageMetadataProps {
  title: string;
  description: string;
  path: string;
  type?: WebPageType;
  /** What the page is about besides its publisher: a Service, the list of services... */
  mainEntity?: JsonLdNode;
}

/**
 * The page's <title>, meta description and JSON-LD in the current language. React hoists the
 * title and meta into <head>; the JSON-LD stays in the page, where search engines read it too.
 */
export function PageMetadata({ title, description, path, type = 'WebPage', mainEntity }: PageMetadataProps) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const url = pageUrl(path, language);
  const nodes = [
    organizationNode(t('common.organizationDescription')),
    webPageNode({ type, url, name: title, description, language, mainEntity }),
    ...(mainEntity ? [mainEntity] : []),
  ];
  return (
    <>
      <title>{`${title} | ${siteConfig.organizationName}`}</title>
      <meta name="description" content={description} />
      <script type="application/ld+json">{serializeJsonLd(nodes)}</script>
    </>
  );
}

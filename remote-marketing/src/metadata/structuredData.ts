import { siteConfig } from 'site-config';
import { organizationJsonLd } from 'site-config/structuredData';

/** A schema.org node as it appears in JSON-LD. */
export type JsonLdNode = { '@type': string; '@id'?: string } & Record<string, unknown>;

export type WebPageType = 'WebPage' | 'AboutPage' | 'CollectionPage';

const ORGANIZATION_ID = `${siteConfig.url}/#organization`;

/** The agency itself (site-config's one description of it): every page names it as its publisher. */
export function organizationNode(description: string): JsonLdNode {
  return {
    ...organizationJsonLd(description),
    '@type': 'Organization',
    '@id': ORGANIZATION_ID,
    foundingDate: '2024',
  };
}

export const organizationReference = { '@id': ORGANIZATION_ID };

export function absoluteUrl(path: string): string {
  return new URL(path, siteConfig.url).href;
}

interface WebPageFields {
  type: WebPageType;
  url: string;
  name: string;
  description: string;
  language: string;
  mainEntity?: JsonLdNode;
}

export function webPageNode({
  type,
  url,
  name,
  description,
  language,
  mainEntity,
}: WebPageFields): JsonLdNode {
  return {
    '@type': type,
    '@id': `${url}#webpage`,
    url,
    name,
    description,
    inLanguage: language,
    publisher: organizationReference,
    ...(mainEntity?.['@id'] && { mainEntity: { '@id': mainEntity['@id'] } }),
  };
}

/** One service the agency offers, provided by the organization. */
export function serviceNode(service: { name: string; description: string; url: string }): JsonLdNode {
  return {
    '@type': 'Service',
    '@id': `${service.url}#service`,
    name: service.name,
    description: service.description,
    url: service.url,
    serviceType: service.name,
    provider: organizationReference,
    areaServed: 'Latin America',
  };
}

export function itemListNode(url: string, items: JsonLdNode[]): JsonLdNode {
  return {
    '@type': 'ItemList',
    '@id': `${url}#services`,
    numberOfItems: items.length,
    itemListElement: items.map((item, index) => ({ '@type': 'ListItem', position: index + 1, item })),
  };
}

/** JSON-LD text that is safe inside a <script> element (no "</script>" can end it early). */
export function serializeJsonLd(nodes: JsonLdNode[]): string {
  return JSON.stringify({ '@context': 'https://schema.org', '@graph': nodes }).replace(/</g, '\\u003c');
}

import type {
  BreadcrumbList,
  FAQPage,
  IdReference,
  ItemList,
  ProfessionalService,
  Service,
  WebPage,
} from 'schema-dts';
import { siteConfig } from 'site-config';
import { languageTag, SUPPORTED_LANGUAGES, type Language } from 'shared-i18n';
import { absoluteUrl } from './pageUrls';

/*
 * schema.org nodes typed by schema-dts, so a misspelt property or a wrong type fails the build
 * instead of being ignored by search engines. Nodes refer to each other by @id within a page's graph.
 */

/**
 * A node that other nodes of the page's graph can point at. Each node is checked against its own
 * schema.org type where it is made; this type only names what the graph needs of it. (Intersecting
 * with schema-dts's whole `Thing` union, about 900 types, made every package that imports this file
 * spend minutes in the type checker.)
 */
export interface GraphNode {
  readonly '@type': string;
  readonly '@id': string;
}

/** The opening hours the site states (docs/product.md §1 and §10): Monday to Friday, 9:00 to 18:00. */
export const OPENING_HOURS = {
  dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
  opens: '09:00',
  closes: '18:00',
} as const;

export const ORGANIZATION_ID = absoluteUrl('/#organization');
export const organizationReference: IdReference = { '@id': ORGANIZATION_ID };

/** What the organization node says in words, in the page's language. */
export interface OrganizationWords {
  description: string;
  /** Where the agency works, e.g. "Latin America" or "Latinoamérica". */
  areaServed: string;
}

/** The agency: every page's publisher and every service's provider, one description site-wide. */
export function organizationNode(
  words: OrganizationWords,
  logoUrl?: string,
): ProfessionalService & GraphNode {
  const hours = { '@type': 'OpeningHoursSpecification', ...OPENING_HOURS } as const;
  return {
    '@type': 'ProfessionalService',
    '@id': ORGANIZATION_ID,
    name: siteConfig.organizationName,
    description: words.description,
    url: absoluteUrl('/'),
    ...(logoUrl && { logo: logoUrl, image: logoUrl }),
    email: siteConfig.email,
    telephone: siteConfig.phone,
    foundingDate: '2024',
    address: { '@type': 'PostalAddress', addressCountry: 'PA' },
    areaServed: { '@type': 'Place', name: words.areaServed },
    openingHoursSpecification: hours,
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      telephone: siteConfig.phone,
      email: siteConfig.email,
      // Language codes (BCP 47), which schema.org accepts and which read the same in every language.
      availableLanguage: SUPPORTED_LANGUAGES.map(languageTag),
      hoursAvailable: hours,
    },
  };
}

/** The kinds of page the site has; each is a schema.org WebPage. */
export type WebPageType = 'WebPage' | 'AboutPage' | 'CollectionPage' | 'ContactPage';

export interface WebPageFields {
  type: WebPageType;
  url: string;
  name: string;
  description: string;
  language: Language;
  imageUrl: string;
  mainEntity?: GraphNode;
  breadcrumb?: GraphNode;
}

export function webPageNode(page: WebPageFields): WebPage & GraphNode {
  return {
    '@type': page.type,
    '@id': `${page.url}#webpage`,
    url: page.url,
    name: page.name,
    description: page.description,
    inLanguage: languageTag(page.language),
    primaryImageOfPage: { '@type': 'ImageObject', url: page.imageUrl },
    publisher: organizationReference,
    ...(page.mainEntity && { mainEntity: { '@id': page.mainEntity['@id'] } }),
    ...(page.breadcrumb && { breadcrumb: { '@id': page.breadcrumb['@id'] } }),
  };
}

/** One service the agency offers, provided by the organization. */
export function serviceNode(service: {
  name: string;
  description: string;
  url: string;
}): Service & GraphNode {
  return {
    '@type': 'Service',
    '@id': `${service.url}#service`,
    name: service.name,
    description: service.description,
    url: service.url,
    serviceType: service.name,
    // Where it is offered is the provider's areaServed, in the page's language.
    provider: organizationReference,
  };
}

export function itemListNode(id: string, items: Array<Service & GraphNode>): ItemList & GraphNode {
  return {
    '@type': 'ItemList',
    '@id': id,
    numberOfItems: items.length,
    itemListElement: items.map((item, index) => ({ '@type': 'ListItem', position: index + 1, item })),
  };
}

/** The trail from the home page to this one, each step with its name and absolute URL. */
export function breadcrumbListNode(
  pageUrl: string,
  trail: ReadonlyArray<{ name: string; url: string }>,
): BreadcrumbList & GraphNode {
  return {
    '@type': 'BreadcrumbList',
    '@id': `${pageUrl}#breadcrumb`,
    itemListElement: trail.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: step.url,
    })),
  };
}

/** Questions and their answers as the page shows them: search engines may show them as a rich result. */
export function faqPageNode(
  pageUrl: string,
  questions: ReadonlyArray<{ question: string; answer: string }>,
): FAQPage & GraphNode {
  return {
    '@type': 'FAQPage',
    '@id': `${pageUrl}#faq`,
    url: pageUrl,
    mainEntity: questions.map(({ question, answer }) => ({
      '@type': 'Question',
      name: question,
      acceptedAnswer: { '@type': 'Answer', text: answer },
    })),
  };
}

/**
 * A page's graph as JSON-LD text that is safe inside a <script> element: "<" is escaped, so no
 * "</script>" or "<!--" in a translation can end the element early or start markup.
 */
export function serializeJsonLd(nodes: readonly GraphNode[]): string {
  const graph = { '@context': 'https://schema.org', '@graph': nodes };
  return JSON.stringify(graph).replace(/</g, '\\u003c');
}

// By package name, not './index': federation hands every app the shell's shared values.
import { siteConfig } from 'site-config';

/*
 * Not part of the shared singleton: 'site-config' (the values) is shared through federation and
 * must stay a stable contract, while this helper is bundled into each app that imports
 * 'site-config/structuredData', so a remote may use a newer helper than the deployed shell has.
 */

/**
 * The agency as schema.org structured data (JSON-LD), for every page's publisher and provider:
 * one description of the organization, whichever remote renders the page.
 */
export function organizationJsonLd(description?: string): Record<string, unknown> {
  return {
    '@type': 'Organization',
    name: siteConfig.organizationName,
    url: siteConfig.url,
    email: siteConfig.email,
    telephone: siteConfig.phone,
    ...(description ? { description } : {}),
    address: { '@type': 'PostalAddress', addressCountry: 'PA' },
    areaServed: 'Latin America',
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      telephone: siteConfig.phone,
      email: siteConfig.email,
      availableLanguage: ['English', 'Spanish'],
      hoursAvailable: {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '09:00',
        closes: '18:00',
      },
    },
  };
}

import { act, render } from '@testing-library/react';
import { setLanguage } from 'shared-i18n';
import { siteConfig } from 'site-config';
import { organizationJsonLd } from 'site-config/structuredData';
import { ContactMetadata } from './ContactMetadata';
import en from '../locales/en.json';
import es from '../locales/es.json';

afterEach(() => act(() => setLanguage('en')));

test.each([
  ['en', en, `${siteConfig.url}/contact`],
  ['es', es, `${siteConfig.url}/contact?lang=es`],
] as const)(
  'the page carries its title, description and ContactPage JSON-LD in %s',
  async (language, strings, url) => {
    await act(() => setLanguage(language));
    const { container } = render(<ContactMetadata />);
    expect(document.title).toBe(`${strings.metaTitle} | ${siteConfig.organizationName}`);
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      strings.metaDescription,
    );
    const jsonLd = container.querySelector('script[type="application/ld+json"]')?.textContent;
    expect(JSON.parse(jsonLd ?? '{}')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ContactPage',
      name: document.title,
      description: strings.metaDescription,
      url,
      inLanguage: language,
      publisher: organizationJsonLd(),
    });
  },
);

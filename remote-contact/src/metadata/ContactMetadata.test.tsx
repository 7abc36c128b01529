import { act, render } from '@testing-library/react';
import { setLanguage } from 'shared-i18n';
import { siteConfig } from 'site-config';
import { ContactMetadata } from './ContactMetadata';
import en from '../locales/en.json';
import es from '../locales/es.json';

afterEach(() => act(() => setLanguage('en')));

test.each([
  ['en', en, `${siteConfig.url}/contact`],
  ['es', es, `${siteConfig.url}/contact?lang=es`],
] as const)(
  'the page is a ContactPage with its title, description and URL in %s',
  async (language, strings, url) => {
    await act(() => setLanguage(language));
    const { container } = render(<ContactMetadata />);
    expect(document.title).toBe(`${strings.metaTitle} | ${siteConfig.organizationName}`);
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      strings.metaDescription,
    );
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(url);
    const jsonLd = container.querySelector('script[type="application/ld+json"]')?.textContent;
    const graph = (JSON.parse(jsonLd ?? '{}') as { '@graph': Array<Record<string, unknown>> })['@graph'];
    expect(graph.find((node) => node['@type'] === 'ContactPage')).toMatchObject({
      name: strings.metaTitle,
      description: strings.metaDescription,
      url,
      inLanguage: language,
    });
  },
);

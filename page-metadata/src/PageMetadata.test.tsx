import { act, render } from '@testing-library/react';
import { PageLanguagesProvider, setLanguage } from 'shared-i18n';
import { siteConfig } from 'site-config';
import { PageMetadata } from './PageMetadata';
import { serializeJsonLd, serviceNode } from './structuredData';

type Node = Record<string, unknown> & { '@type': string; '@id': string };

const image = {
  en: { url: '/share/seo-en.0123abcd.png', alt: 'SEO' },
  es: { url: '/share/seo-es.4567ef01.png', alt: 'SEO' },
  pt: { url: '/share/seo-pt.89ab2345.png', alt: 'SEO' },
};

function renderSeoPage() {
  const service = serviceNode({
    name: 'SEO',
    description: 'Be found.',
    url: `${siteConfig.url}/services/seo`,
  });
  render(
    <PageMetadata
      title="SEO"
      description="Be found on Google."
      path="/services/seo"
      image={image}
      mainEntity={service}
      breadcrumbs={[
        { name: 'Home', path: '/' },
        { name: 'Services', path: '/services' },
      ]}
    />,
  );
}

function headAttribute(selector: string, attribute = 'content'): string | null | undefined {
  return document.head.querySelector(selector)?.getAttribute(attribute);
}

function headAttributes(selector: string, attribute = 'content'): (string | null)[] {
  return [...document.head.querySelectorAll(selector)].map((element) => element.getAttribute(attribute));
}

function graph(): Node[] {
  const script = document.querySelector('script[type="application/ld+json"]');
  return (JSON.parse(script?.textContent ?? '{}') as { '@graph': Node[] })['@graph'];
}

afterEach(() => act(() => setLanguage('en')));

test('an English page names its canonical URL, its alternates and its share card', () => {
  renderSeoPage();
  const url = `${siteConfig.url}/services/seo`;
  expect(document.title).toBe(`SEO | ${siteConfig.organizationName}`);
  expect(headAttribute('link[rel="canonical"]', 'href')).toBe(url);
  expect(headAttribute('link[hreflang="en"]', 'href')).toBe(url);
  expect(headAttribute('link[hreflang="es"]', 'href')).toBe(`${url}?lang=es`);
  expect(headAttribute('link[hreflang="pt-BR"]', 'href')).toBe(`${url}?lang=pt`);
  expect(headAttribute('link[hreflang="x-default"]', 'href')).toBe(url);
  expect(headAttribute('meta[property="og:url"]')).toBe(url);
  expect(headAttribute('meta[property="og:image"]')).toBe(`${siteConfig.url}${image.en.url}`);
  expect(headAttribute('meta[property="og:image:width"]')).toBe('1200');
  expect(headAttribute('meta[property="og:image:height"]')).toBe('630');
  expect(headAttribute('meta[property="og:locale"]')).toBe('en_US');
  expect(headAttributes('meta[property="og:locale:alternate"]')).toEqual(['es_PA', 'pt_BR']);
  expect(headAttribute('meta[name="twitter:card"]')).toBe('summary_large_image');
});

test('the Portuguese page is canonical at ?lang=pt and names its language as Brazilian Portuguese', async () => {
  renderSeoPage();
  await act(() => setLanguage('pt'));
  const url = `${siteConfig.url}/services/seo?lang=pt`;
  expect(headAttribute('link[rel="canonical"]', 'href')).toBe(url);
  expect(headAttribute('meta[property="og:locale"]')).toBe('pt_BR');
  expect(headAttribute('meta[property="og:image"]')).toBe(`${siteConfig.url}${image.pt.url}`);
  expect(graph().find((node) => node['@type'] === 'WebPage')).toMatchObject({ url, inLanguage: 'pt-BR' });
});

test('a page whose version lacks a language leaves it out of its alternates', () => {
  render(
    <PageLanguagesProvider value={['en', 'es']}>
      <PageMetadata title="SEO" description="Be found on Google." path="/services/seo" image={image} />
    </PageLanguagesProvider>,
  );
  expect(headAttributes('link[rel="alternate"]', 'hreflang')).toEqual(['en', 'es', 'x-default']);
  expect(headAttributes('meta[property="og:locale:alternate"]')).toEqual(['es_PA']);
});

test('the Spanish page is canonical at its own ?lang=es URL and describes itself in Spanish', async () => {
  renderSeoPage();
  await act(() => setLanguage('es'));
  const url = `${siteConfig.url}/services/seo?lang=es`;
  expect(headAttribute('link[rel="canonical"]', 'href')).toBe(url);
  expect(headAttribute('meta[property="og:locale"]')).toBe('es_PA');
  expect(headAttribute('meta[property="og:image"]')).toBe(`${siteConfig.url}${image.es.url}`);
  expect(headAttributes('meta[property="og:locale:alternate"]').sort()).toEqual(['en_US', 'pt_BR']);
  const page = graph().find((node) => node['@type'] === 'WebPage');
  expect(page).toMatchObject({ url, inLanguage: 'es' });
  const organization = graph().find((node) => node['@type'] === 'ProfessionalService');
  expect(organization?.description).toMatch(/^Agencia de marketing digital/);
  expect(organization?.areaServed).toEqual({ '@type': 'Place', name: 'Latinoamérica' });
  expect(JSON.stringify(organization)).not.toMatch(/Latin America|English|Spanish/);
});

test('the graph names the page, its publisher with opening hours, its service and its breadcrumb trail', () => {
  renderSeoPage();
  const nodes = graph();
  const organization = nodes.find((node) => node['@type'] === 'ProfessionalService');
  expect(organization).toMatchObject({
    name: siteConfig.organizationName,
    telephone: siteConfig.phone,
    email: siteConfig.email,
    openingHoursSpecification: { opens: '09:00', closes: '18:00' },
  });
  const page = nodes.find((node) => node['@type'] === 'WebPage');
  expect(page).toMatchObject({ name: 'SEO', publisher: { '@id': organization?.['@id'] } });
  expect(nodes.find((node) => node['@type'] === 'Service')?.provider).toEqual({
    '@id': organization?.['@id'],
  });
  const trail = nodes.find((node) => node['@type'] === 'BreadcrumbList')?.itemListElement;
  expect(trail).toEqual([
    { '@type': 'ListItem', position: 1, name: 'Home', item: `${siteConfig.url}/` },
    { '@type': 'ListItem', position: 2, name: 'Services', item: `${siteConfig.url}/services` },
    { '@type': 'ListItem', position: 3, name: 'SEO', item: `${siteConfig.url}/services/seo` },
  ]);
  expect(page?.breadcrumb).toEqual({ '@id': `${siteConfig.url}/services/seo#breadcrumb` });
});

test('JSON-LD text cannot close its <script> element, whatever a translation holds', () => {
  const node = serviceNode({ name: '</script><script>alert(1)</script>', description: '<!--', url: 'x' });
  const text = serializeJsonLd([node]);
  expect(text).not.toContain('<');
  expect((JSON.parse(text) as { '@graph': Node[] })['@graph'][0]?.name).toBe(node.name);
});

import { test, expect } from '../support/fixtures';
import { copy } from '../support/copy';
import { SITE_PAGES, type SitePage } from '../support/sitePages';
import { fetchServerHtml, type ServerHtml } from '../support/serverHtml';
import { LANGUAGE_TAGS, LANGUAGES, languageSearch, type Language } from '../support/languages';

/*
 * What a search engine or a link previewer (WhatsApp, LinkedIn, X) reads from the shell server's
 * HTML, with no script run: every public page in every language carries its canonical URL, its
 * language alternates, its share card and JSON-LD that names it.
 */

const OPEN_GRAPH_LOCALES: Record<Language, string> = { en: 'en_US', es: 'es_PA', pt: 'pt_BR' };
/** The tests build the site with its default SITE_URL, the shell's own origin. */
const SITE_URL = 'http://localhost:3000';

type JsonLdNode = Record<string, unknown> & { '@type': string; '@id'?: string };

const publicPages = SITE_PAGES.filter((sitePage) => sitePage.owner !== 'shell' && !sitePage.unlisted);
const unlistedPages = SITE_PAGES.filter((sitePage) => sitePage.unlisted);

function publicUrl(path: string, language: Language): string {
  return `${SITE_URL}${path}${languageSearch(language)}`;
}

function attribute(html: ServerHtml, selector: string, name = 'content'): string {
  return html.document.querySelector(`head ${selector}`)?.getAttribute(name) ?? '';
}

function attributes(html: ServerHtml, selector: string, name = 'content'): string[] {
  return [...html.document.querySelectorAll(`head ${selector}`)].map(
    (element) => element.getAttribute(name) ?? '',
  );
}

function alternatesOf(html: ServerHtml): Record<string, string> {
  const links = [...html.document.querySelectorAll('head link[rel="alternate"][hreflang]')];
  return Object.fromEntries(links.map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]));
}

function jsonLdGraph(html: ServerHtml): JsonLdNode[] {
  const scripts = [...html.document.querySelectorAll('script[type="application/ld+json"]')];
  expect(scripts).toHaveLength(1);
  const data = JSON.parse(scripts[0]?.textContent ?? '') as { '@context': string; '@graph': JsonLdNode[] };
  expect(data['@context']).toBe('https://schema.org');
  return data['@graph'];
}

/** The page's own node: the one whose url is the page's canonical URL and that has a publisher. */
function pageNode(graph: JsonLdNode[], url: string): JsonLdNode | undefined {
  return graph.find((node) => node.url === url && 'publisher' in node);
}

function expectTypeSpecificData(sitePage: SitePage, graph: JsonLdNode[]) {
  const types = graph.map((node) => node['@type']);
  if (sitePage.path === '/services') {
    const faq = graph.find((node) => node['@type'] === 'FAQPage');
    expect(faq?.mainEntity).toHaveLength(6);
    expect(types).toContain('ItemList');
  } else if (sitePage.path.startsWith('/services/')) {
    expect(types).toEqual(expect.arrayContaining(['Service', 'BreadcrumbList']));
  } else if (sitePage.path === '/contact') {
    expect(types).toContain('ContactPage');
  } else if (sitePage.path === '/about') {
    expect(types).toContain('AboutPage');
  }
}

for (const sitePage of publicPages) {
  test(`${sitePage.path}: canonical, hreflang, share card and JSON-LD in every language, without JavaScript`, async ({
    site,
  }) => {
    const html: Record<Language, ServerHtml> = {
      en: await fetchServerHtml(site.url('shell', sitePage.path)),
      es: await fetchServerHtml(site.url('shell', `${sitePage.path}?lang=es`)),
      pt: await fetchServerHtml(site.url('shell', `${sitePage.path}?lang=pt`)),
    };
    for (const language of LANGUAGES) {
      const page = html[language];
      const url = publicUrl(sitePage.path, language);
      const title = copy(sitePage.owner, language, sitePage.metaTitle);
      expect(page.status).toBe(200);
      expect(page.lang).toBe(LANGUAGE_TAGS[language]);
      expect(page.title).toBe(`${title} | Istmo Digital`);
      expect(page.description).toBeTruthy();
      expect(attribute(page, 'link[rel="canonical"]', 'href')).toBe(url);

      // Alternates: each language and x-default, and every alternate names this page back.
      expect(alternatesOf(page)).toEqual({
        en: publicUrl(sitePage.path, 'en'),
        es: publicUrl(sitePage.path, 'es'),
        'pt-BR': publicUrl(sitePage.path, 'pt'),
        'x-default': publicUrl(sitePage.path, 'en'),
      });
      for (const other of LANGUAGES) expect(alternatesOf(html[other])[LANGUAGE_TAGS[language]]).toBe(url);

      // The share card: Open Graph and Twitter, in the page's language.
      expect(attribute(page, 'meta[property="og:type"]')).toBe('website');
      expect(attribute(page, 'meta[property="og:site_name"]')).toBe('Istmo Digital');
      expect(attribute(page, 'meta[property="og:title"]')).toBe(title);
      expect(attribute(page, 'meta[property="og:description"]')).toBe(page.description);
      expect(attribute(page, 'meta[property="og:url"]')).toBe(url);
      expect(attribute(page, 'meta[property="og:locale"]')).toBe(OPEN_GRAPH_LOCALES[language]);
      expect(attributes(page, 'meta[property="og:locale:alternate"]')).toEqual(
        LANGUAGES.filter((other) => other !== language).map((other) => OPEN_GRAPH_LOCALES[other]),
      );
      expect(attribute(page, 'meta[property="og:image:width"]')).toBe('1200');
      expect(attribute(page, 'meta[property="og:image:height"]')).toBe('630');
      expect(attribute(page, 'meta[property="og:image:alt"]')).toBeTruthy();
      expect(attribute(page, 'meta[name="twitter:card"]')).toBe('summary_large_image');
      expect(attribute(page, 'meta[name="twitter:title"]')).toBe(title);
      const image = attribute(page, 'meta[property="og:image"]');
      expect(image).toMatch(/^https?:\/\//);
      expect(attribute(page, 'meta[name="twitter:image"]')).toBe(image);
      const response = await fetch(image);
      expect(response.status, image).toBe(200);
      expect(response.headers.get('content-type'), image).toMatch(/^image\//);

      // JSON-LD: parses, names this page in its language, published by the organization.
      const graph = jsonLdGraph(page);
      const organization = graph.find((node) => node['@type'] === 'ProfessionalService');
      expect(organization).toMatchObject({
        name: 'Istmo Digital',
        openingHoursSpecification: { opens: '09:00', closes: '18:00' },
      });
      expect(pageNode(graph, url)).toMatchObject({
        name: title,
        inLanguage: LANGUAGE_TAGS[language],
        publisher: { '@id': organization?.['@id'] },
      });
      expectTypeSpecificData(sitePage, graph);
    }
    // Each language has an image of its own (its title is written on it).
    const images = LANGUAGES.map((language) => attribute(html[language], 'meta[property="og:image"]'));
    expect(new Set(images).size).toBe(LANGUAGES.length);
  });
}

test('the site icons and the web app manifest answer from the shell, and every page links them', async ({
  site,
}) => {
  const types: Record<string, RegExp> = {
    '/favicon.ico': /^image\/(x-icon|vnd\.microsoft\.icon)/,
    '/icon.svg': /^image\/svg\+xml/,
    '/apple-touch-icon.png': /^image\/png/,
    '/site.webmanifest': /^application\/manifest\+json/,
  };
  for (const [path, type] of Object.entries(types)) {
    const response = await fetch(site.url('shell', path));
    expect(response.status, path).toBe(200);
    expect(response.headers.get('content-type'), path).toMatch(type);
  }
  const manifest = (await (await fetch(site.url('shell', '/site.webmanifest'))).json()) as {
    name: string;
    theme_color: string;
    icons: Array<{ src: string; sizes: string }>;
  };
  expect(manifest.name).toBe('Istmo Digital');
  expect(manifest.theme_color).toMatch(/^#/);
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of manifest.icons) {
    expect((await fetch(site.url('shell', icon.src))).status, icon.src).toBe(200);
  }
  const html = await fetchServerHtml(site.url('shell', '/services?lang=es'));
  for (const rel of ['icon', 'apple-touch-icon', 'manifest']) {
    expect(html.document.querySelector(`head link[rel="${rel}"]`), rel).not.toBeNull();
  }
  const organization = jsonLdGraph(html).find((node) => node['@type'] === 'ProfessionalService');
  expect((await fetch(String(organization?.logo))).status).toBe(200);
});

for (const sitePage of unlistedPages) {
  test(`${sitePage.path}: noindex, no referrer, never cached, and nothing to share, in every language`, async ({
    site,
  }) => {
    for (const language of LANGUAGES) {
      const address = site.url('shell', `${sitePage.path}${languageSearch(language)}`);
      const page = await fetchServerHtml(address);
      expect(page.status).toBe(200);
      expect(page.title).toBe(`${copy(sitePage.owner, language, sitePage.metaTitle)} | Istmo Digital`);
      expect(attribute(page, 'meta[name="robots"]')).toBe('noindex');
      expect(attribute(page, 'meta[name="referrer"]')).toBe('no-referrer');
      expect(
        page.document.querySelector('head link[rel="canonical"], head meta[property^="og:"]'),
      ).toBeNull();
      expect(page.headers.get('cache-control')).toBe('no-store');
    }
  });
}

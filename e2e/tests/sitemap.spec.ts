import { test, expect } from '../support/fixtures';
import { SITE_PAGES } from '../support/sitePages';
import { fetchSitemap, onLocalShell, SITE_URL } from '../support/sitemap';
import { fetchServerHtml } from '../support/serverHtml';
import { remoteStatus } from '../support/shellStatus';
import { isLanguage, LANGUAGE_TAGS, LANGUAGES, languageSearch, type Language } from '../support/languages';

/** Every public page: the site's routes but the 404 page, which the shell owns, and the unlisted ones. */
const PUBLIC_PATHS = SITE_PAGES.filter(({ owner, unlisted }) => owner !== 'shell' && !unlisted).map(
  ({ path }) => path,
);
const publicUrl = (path: string, language: Language) =>
  `${new URL(path, SITE_URL).href}${languageSearch(language)}`;

/** The `<html lang>` of a listed URL: its ?lang= language's tag, English's without one. */
function tagOf(url: string): string {
  const language = new URL(url).searchParams.get('lang') ?? 'en';
  return isLanguage(language) ? LANGUAGE_TAGS[language] : `not a language: ${language}`;
}

test('robots.txt allows every crawler everything and names the sitemap by its absolute URL', async ({
  site,
}) => {
  const response = await fetch(site.url('shell', '/robots.txt'));
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  expect(response.headers.get('cache-control')).toMatch(/s-maxage=\d+/);
  const lines = (await response.text()).split('\n').map((line) => line.trim());
  expect(lines).toContain('User-agent: *');
  expect(lines).toContain('Allow: /');
  expect(lines.filter((line) => /^disallow:\s*\S/i.test(line))).toEqual([]);
  expect(lines).toContain(`Sitemap: ${new URL('/sitemap.xml', SITE_URL).href}`);
});

test('the sitemap is XML, cacheable like the HTML, and revalidated with its ETag', async ({ site }) => {
  const sitemap = await fetchSitemap(site.url('shell', '/sitemap.xml'));
  expect(sitemap.status).toBe(200);
  expect(sitemap.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  expect(sitemap.headers.get('cache-control')).toMatch(/s-maxage=\d+/);
  const etag = sitemap.headers.get('etag');
  expect(etag).toBeTruthy();
  const again = await fetch(site.url('shell', '/sitemap.xml'), { headers: { 'If-None-Match': etag ?? '' } });
  expect(again.status).toBe(304);
});

test("the sitemap lists every page of the site's routes in English, Spanish and Portuguese, and nothing else", async ({
  site,
}) => {
  const { entries } = await fetchSitemap(site.url('shell', '/sitemap.xml'));
  const expected = PUBLIC_PATHS.flatMap((path) => LANGUAGES.map((language) => publicUrl(path, language)));
  expect(entries.map(({ loc }) => loc).sort()).toEqual(expected.sort());
});

test('every entry names its en, es, pt-BR and x-default alternates, and every alternate points back', async ({
  site,
}) => {
  const { entries } = await fetchSitemap(site.url('shell', '/sitemap.xml'));
  const byLoc = new Map(entries.map((entry) => [entry.loc, entry]));
  for (const { loc, alternates } of entries) {
    const hreflang = Object.fromEntries(alternates);
    expect(alternates.map(([language]) => language).sort(), loc).toEqual(['en', 'es', 'pt-BR', 'x-default']);
    // The entry is one of its own alternates, and x-default is the English page.
    expect(Object.values(hreflang), loc).toContain(loc);
    expect(hreflang['x-default'], loc).toBe(hreflang.en);
    expect(hreflang.es, loc).toBe(`${hreflang.en}?lang=es`);
    expect(hreflang['pt-BR'], loc).toBe(`${hreflang.en}?lang=pt`);
    for (const [language, href] of alternates) {
      const other = byLoc.get(href);
      expect(other, `${loc} → ${language} ${href} is listed`).toBeDefined();
      expect(other?.alternates, `${href} points back at ${loc}`).toEqual(alternates);
    }
  }
});

test("every URL the sitemap lists answers 200 from the shell server, and the page's own canonical and hreflang links agree", async ({
  site,
}) => {
  const { entries } = await fetchSitemap(site.url('shell', '/sitemap.xml'));
  expect(entries.length).toBe(PUBLIC_PATHS.length * LANGUAGES.length);
  for (const { loc, alternates } of entries) {
    const html = await fetchServerHtml(onLocalShell(loc, site.url('shell')));
    expect(html.status, loc).toBe(200);
    expect(html.lang, loc).toBe(tagOf(loc));
    const head = html.document.head;
    expect(head.querySelector('link[rel="canonical"]')?.getAttribute('href'), loc).toBe(loc);
    const pageAlternates = [...head.querySelectorAll('link[rel="alternate"][hreflang]')].map((link) => [
      link.getAttribute('hreflang'),
      link.getAttribute('href'),
    ]);
    expect(pageAlternates, loc).toEqual(alternates);
  }
});

test('a remote that goes down keeps its pages in the sitemap (its last list), and the sitemap stays 200', async ({
  site,
}) => {
  await fetchSitemap(site.url('shell', '/sitemap.xml'));
  await site.stop('booking');
  try {
    // Once the server has noticed (it asks each remote's host every second)...
    await expect
      .poll(async () => (await remoteStatus(site.url('shell'), 'booking')).lastFailure)
      .not.toBeNull();
    // ...the sitemap still lists the booking page, rather than telling crawlers it is gone.
    const sitemap = await fetchSitemap(site.url('shell', '/sitemap.xml'));
    expect(sitemap.status).toBe(200);
    expect(sitemap.entries.map(({ loc }) => loc)).toEqual(
      expect.arrayContaining(LANGUAGES.map((language) => publicUrl('/booking', language))),
    );
  } finally {
    await site.start('booking');
  }
});

/** @jest-environment node */
import { Readable } from 'node:stream';
import { parseSitemap } from 'sitemap';
import type { RemoteName } from '../remotes/remoteContracts';
import { sitePagesFrom, type LoadedSitePages } from './remotes/loadedVersion';
import { siteConfig } from 'site-config';
import { createSitemap, robotsTxt, type SitemapOptions } from './sitemap';

/** The site's public URL as the build sets it (SITE_URL), without its trailing slash. */
const SITE_URL = new URL(siteConfig.url).origin;

const ALL: LoadedSitePages['languages'] = ['en', 'es', 'pt'];

const DEPLOYED: Record<RemoteName, LoadedSitePages> = {
  marketing: {
    version: 'm1',
    languages: ALL,
    pages: [{ path: '/' }, { path: '/services' }, { path: '/services/seo' }, { path: '/about' }],
  },
  booking: { version: 'b1', languages: ALL, pages: [{ path: '/booking' }] },
  contact: { version: 'c1', languages: ALL, pages: [{ path: '/contact' }] },
};

/** A sitemap over remotes that answer with `deployed`, changed by the test as deploys would. */
function sitemapOver(
  deployed: Partial<Record<RemoteName, LoadedSitePages | Error>>,
  options: Partial<SitemapOptions> = {},
) {
  const log = { error: jest.fn() };
  const sitemap = createSitemap({
    loadSitePages: (name) => {
      const answer = deployed[name];
      return answer && !(answer instanceof Error) ? Promise.resolve(answer) : Promise.reject(answer);
    },
    remoteBudgetMs: 1000,
    log,
    ...options,
  });
  return { sitemap, log };
}

async function entriesOf(xml: string) {
  const items = await parseSitemap(Readable.from([xml]));
  return new Map(items.map((item) => [item.url, item.links.map(({ lang, url }) => [lang, url])]));
}

async function urlsOf(sitemap: ReturnType<typeof createSitemap>): Promise<string[]> {
  const outcome = await sitemap.render();
  if (outcome.status !== 200) throw new Error(`sitemap answered ${outcome.status}`);
  return [...(await entriesOf(outcome.xml)).keys()];
}

test('every page the remotes declare is listed in each language, each with en, es, pt-BR and x-default alternates', async () => {
  const { sitemap, log } = sitemapOver({ ...DEPLOYED });
  const outcome = await sitemap.render();
  expect(outcome.status).toBe(200);
  if (outcome.status !== 200) return;
  expect(outcome.xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
  const entries = await entriesOf(outcome.xml);
  const paths = ['/', '/services', '/services/seo', '/about', '/booking', '/contact'];
  expect([...entries.keys()]).toEqual(
    paths.flatMap((path) => [
      `${SITE_URL}${path}`,
      `${SITE_URL}${path}?lang=es`,
      `${SITE_URL}${path}?lang=pt`,
    ]),
  );
  for (const path of paths) {
    const alternates = [
      ['en', `${SITE_URL}${path}`],
      ['es', `${SITE_URL}${path}?lang=es`],
      ['pt-BR', `${SITE_URL}${path}?lang=pt`],
      ['x-default', `${SITE_URL}${path}`],
    ];
    expect(entries.get(`${SITE_URL}${path}`)).toEqual(alternates);
    expect(entries.get(`${SITE_URL}${path}?lang=es`)).toEqual(alternates);
    expect(entries.get(`${SITE_URL}${path}?lang=pt`)).toEqual(alternates);
  }
  expect(log.error).not.toHaveBeenCalled();
});

test("a remote whose version lacks Portuguese has its pages listed without it; the others' keep it", async () => {
  const { sitemap } = sitemapOver({
    ...DEPLOYED,
    marketing: { ...DEPLOYED.marketing, version: 'm-en-es', languages: ['en', 'es'] },
  });
  const outcome = await sitemap.render();
  if (outcome.status !== 200) throw new Error(`sitemap answered ${outcome.status}`);
  const entries = await entriesOf(outcome.xml);
  expect(entries.has(`${SITE_URL}/about?lang=pt`)).toBe(false);
  expect(entries.get(`${SITE_URL}/about`)?.map(([lang]) => lang)).toEqual(['en', 'es', 'x-default']);
  expect(entries.has(`${SITE_URL}/booking?lang=pt`)).toBe(true);
  expect(entries.get(`${SITE_URL}/booking`)?.map(([lang]) => lang)).toEqual([
    'en',
    'es',
    'pt-BR',
    'x-default',
  ]);
});

test('a page a remote adds in a new deploy is listed at once, without a new shell', async () => {
  const deployed = { ...DEPLOYED };
  const { sitemap } = sitemapOver(deployed);
  expect(await urlsOf(sitemap)).not.toContain(`${SITE_URL}/services/local-seo`);
  deployed.marketing = {
    version: 'm2',
    languages: ALL,
    pages: [...DEPLOYED.marketing.pages, { path: '/services/local-seo' }],
  };
  expect(await urlsOf(sitemap)).toEqual(
    expect.arrayContaining([`${SITE_URL}/services/local-seo`, `${SITE_URL}/services/local-seo?lang=es`]),
  );
});

test('the same deployed versions give the same sitemap, so its ETag and compressed bodies are reused', async () => {
  const { sitemap } = sitemapOver({ ...DEPLOYED });
  expect(await sitemap.render()).toBe(await sitemap.render());
});

test('a remote that goes down keeps its last list in the sitemap, and the failure is logged', async () => {
  const deployed: Partial<Record<RemoteName, LoadedSitePages | Error>> = { ...DEPLOYED };
  const { sitemap, log } = sitemapOver(deployed);
  const before = await urlsOf(sitemap);
  deployed.booking = new Error('connect ECONNREFUSED 127.0.0.1:3002');
  expect(await urlsOf(sitemap)).toEqual(before);
  expect(before).toContain(`${SITE_URL}/booking`);
  expect(log.error).toHaveBeenCalledWith(
    expect.stringContaining('booking/sitePages could not be loaded; the sitemap keeps its last list'),
    deployed.booking,
  );
});

test('a remote whose pages were never loaded makes the sitemap unavailable (503), so crawlers retry instead of dropping its pages', async () => {
  const deployed: Partial<Record<RemoteName, LoadedSitePages | Error>> = {
    ...DEPLOYED,
    contact: new Error('manifest answered 404'),
  };
  const { sitemap, log } = sitemapOver(deployed);
  expect(await sitemap.render()).toEqual({ status: 503, missing: ['contact'] });
  expect(log.error).toHaveBeenCalledWith(
    expect.stringContaining('the sitemap answers 503'),
    deployed.contact,
  );
  // Once it answers, the sitemap is whole again.
  deployed.contact = DEPLOYED.contact;
  expect(await urlsOf(sitemap)).toContain(`${SITE_URL}/contact`);
});

test('a remote slower than the budget counts as down', async () => {
  const { sitemap } = sitemapOver({}, { loadSitePages: () => new Promise(() => {}), remoteBudgetMs: 10 });
  expect(await sitemap.render()).toEqual({ status: 503, missing: ['marketing', 'booking', 'contact'] });
});

test('a path the route table does not give to the remote that lists it is left out and logged', async () => {
  const { sitemap, log } = sitemapOver({
    ...DEPLOYED,
    // /booking is booking's page, and no route has two segments under /about.
    contact: {
      version: 'c2',
      languages: ALL,
      pages: [{ path: '/contact' }, { path: '/booking' }, { path: '/about/team' }],
    },
  });
  const urls = await urlsOf(sitemap);
  expect(urls.filter((url) => url === `${SITE_URL}/booking`)).toHaveLength(1);
  expect(urls).not.toContain(`${SITE_URL}/about/team`);
  expect(log.error).toHaveBeenCalledWith(
    '[shell] contact lists /booking, which the route table does not give it',
  );
  expect(log.error).toHaveBeenCalledWith(
    '[shell] contact lists /about/team, which the route table does not give it',
  );
});

test('a page its remote lists with inSitemap: false (reached only from an e-mail) is not in the sitemap', async () => {
  const { sitemap, log } = sitemapOver({
    ...DEPLOYED,
    booking: {
      version: 'b2',
      languages: ALL,
      pages: [{ path: '/booking' }, { path: '/booking/cancel', inSitemap: false }],
    },
  });
  const urls = await urlsOf(sitemap);
  expect(urls).toContain(`${SITE_URL}/booking`);
  expect(urls.filter((url) => url.includes('/booking/cancel'))).toEqual([]);
  expect(log.error).not.toHaveBeenCalled();
});

test("robots.txt allows every crawler everything and names the sitemap's absolute URL", () => {
  expect(robotsTxt()).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${SITE_URL}/sitemap.xml\n`);
});

test("a remote's ./sitePages that does not keep the contract is refused, so its last good list is kept", () => {
  expect(sitePagesFrom({ sitePages: [{ path: '/booking' }] }, 'booking/sitePages')).toEqual([
    { path: '/booking' },
  ]);
  for (const broken of [
    undefined,
    {},
    { sitePages: '/booking' },
    { sitePages: [{ path: 'booking' }] },
    { sitePages: [null] },
  ]) {
    expect(() => sitePagesFrom(broken, 'booking/sitePages')).toThrow(
      'booking/sitePages did not export sitePages',
    );
  }
});

// /sitemap.xml from the pages each remote lists (its `./sitePages`), and /robots.txt.
import { Readable } from 'node:stream';
import { SitemapStream, streamToPromise, type SitemapItemLoose } from 'sitemap';
import { absoluteUrl, languageAlternates } from 'page-metadata';
import type { Language } from 'shared-i18n';
import { REMOTE_NAMES, remoteNameOf, type RemoteName } from '../remotes/remoteContracts';
import { pageForPath } from '../routes/routes';
import { withinBudget, type LoadedSitePages } from './remotes/loadedVersion';

/**
 * The sitemap's entries: one `<url>` for each page in each language its remote's version has, each
 * listing those languages of the page and `x-default` (the default language), as Google
 * recommends, so every alternate points back at the others. The URLs are page-metadata's, the ones
 * each page's own `<link rel="alternate" hreflang>` and canonical use (absolute, from SITE_URL;
 * `?lang=es`).
 */
export function sitemapItems(
  pages: readonly { path: string; languages: readonly Language[] }[],
): SitemapItemLoose[] {
  return pages.flatMap(({ path, languages }) => {
    const alternates = languageAlternates(path, languages);
    const links = alternates.map(({ hrefLang, href }) => ({ lang: hrefLang, url: href }));
    return alternates
      .filter(({ hrefLang }) => hrefLang !== 'x-default')
      .map(({ href }) => ({ url: href, links }));
  });
}

/** The sitemap's XML, written by the `sitemap` package (escaping, namespaces, URL checks). */
export async function sitemapXml(items: readonly SitemapItemLoose[]): Promise<string> {
  const stream = new SitemapStream({ xmlns: { xhtml: true, news: false, image: false, video: false } });
  return (await streamToPromise(Readable.from(items).pipe(stream))).toString('utf8');
}

/** robots.txt: every crawler may fetch everything, and finds the sitemap here. */
export function robotsTxt(): string {
  return ['User-agent: *', 'Allow: /', '', `Sitemap: ${absoluteUrl('/sitemap.xml')}`, ''].join('\n');
}

export type SitemapOutcome =
  | { status: 200; xml: string }
  /** A remote whose pages were never loaded: crawlers should come back rather than drop its pages. */
  | { status: 503; missing: readonly RemoteName[] };

export interface SitemapOptions {
  loadSitePages: (name: RemoteName) => Promise<LoadedSitePages>;
  /** How long one remote may take to give its list before its last good list is used. */
  remoteBudgetMs: number;
  log: { error: (message: string, error?: unknown) => void };
}

/**
 * /sitemap.xml, built at run time from the pages each remote declares (its exposed `./sitePages`),
 * so a remote's new page is listed after its own deploy. A remote that cannot be asked keeps the
 * last list it gave; one that never gave a list makes the sitemap unavailable (503), since a
 * sitemap without its pages would tell crawlers they are gone.
 */
export function createSitemap(options: SitemapOptions) {
  const lastGood = new Map<RemoteName, LoadedSitePages>();
  let written: { versions: string; outcome: SitemapOutcome } | undefined;

  async function sitePagesOf(name: RemoteName): Promise<LoadedSitePages | null> {
    try {
      const loaded = await withinBudget(
        options.loadSitePages(name),
        options.remoteBudgetMs,
        `${name}/sitePages`,
      );
      lastGood.set(name, loaded);
      return loaded;
    } catch (error) {
      const kept = lastGood.get(name) ?? null;
      options.log.error(
        kept
          ? `[shell] ${name}/sitePages could not be loaded; the sitemap keeps its last list`
          : `[shell] ${name}/sitePages could not be loaded; the sitemap answers 503 until it can`,
        error,
      );
      return kept;
    }
  }

  /**
   * Each remote's paths that the route table gives to that remote, once each, in order, with the
   * languages of the remote's version; a page
   * listed with `inSitemap: false` (only a link in an e-mail leads to it) is left out.
   */
  function publicPages(lists: ReadonlyMap<RemoteName, LoadedSitePages>) {
    const listed = new Map<string, readonly Language[]>();
    for (const [name, { pages, languages }] of lists) {
      for (const { path, inSitemap } of pages) {
        if (inSitemap === false) continue;
        const page = pageForPath(path);
        if (page && remoteNameOf(page) === name) listed.set(path, listed.get(path) ?? languages);
        else options.log.error(`[shell] ${name} lists ${path}, which the route table does not give it`);
      }
    }
    return [...listed].map(([path, languages]) => ({ path, languages }));
  }

  return {
    async render(): Promise<SitemapOutcome> {
      const lists = await Promise.all(
        REMOTE_NAMES.map(async (name) => [name, await sitePagesOf(name)] as const),
      );
      const missing = lists.filter(([, list]) => !list).map(([name]) => name);
      if (missing.length > 0) return { status: 503, missing };
      const loaded = new Map(lists as (readonly [RemoteName, LoadedSitePages])[]);
      const versions = [...loaded].map(([name, { version }]) => `${name}@${version}`).join('|');
      // The same remote versions give the same sitemap: the same object, so its ETag is kept too.
      if (written?.versions !== versions) {
        const xml = await sitemapXml(sitemapItems(publicPages(loaded)));
        written = { versions, outcome: { status: 200, xml } };
      }
      return written.outcome;
    },
  };
}

import { JSDOM } from 'jsdom';

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';

/** The site's public URL as the build read it (site-config: SITE_URL, else this default). */
export const SITE_URL = process.env.SITE_URL || 'http://localhost:3000';

/** One `<url>` of the sitemap: its address and its `xhtml:link rel="alternate"` entries. */
export interface SitemapEntry {
  loc: string;
  /** [hreflang, href] in document order. */
  alternates: [string, string][];
}

export interface FetchedSitemap {
  status: number;
  headers: Headers;
  /** Empty unless the answer was 200. */
  entries: SitemapEntry[];
}

/** Fetches /sitemap.xml as a crawler does and reads it with an XML parser of its own (not the writer's). */
export async function fetchSitemap(url: string, init: RequestInit = {}): Promise<FetchedSitemap> {
  const response = await fetch(url, init);
  const text = await response.text();
  if (response.status !== 200) return { status: response.status, headers: response.headers, entries: [] };
  const { document } = new JSDOM(text, { contentType: 'application/xml' }).window;
  const entries = [...document.getElementsByTagNameNS(SITEMAP_NS, 'url')].map((url) => ({
    loc: url.getElementsByTagNameNS(SITEMAP_NS, 'loc')[0]?.textContent?.trim() ?? '',
    alternates: [...url.getElementsByTagNameNS(XHTML_NS, 'link')]
      .filter((link) => link.getAttribute('rel') === 'alternate')
      .map((link): [string, string] => [
        link.getAttribute('hreflang') ?? '',
        link.getAttribute('href') ?? '',
      ]),
  }));
  return { status: response.status, headers: response.headers, entries };
}

/** A public URL of the site (SITE_URL's origin) on the origin the tests serve the shell from. */
export function onLocalShell(publicUrl: string, shellOrigin: string): string {
  const { pathname, search } = new URL(publicUrl);
  return new URL(`${pathname}${search}`, shellOrigin).href;
}

import type { ComponentType } from 'react';

/**
 * What the shell may load from each remote: the contract between the shell and the remote teams.
 * It mirrors each remote's `exposes` map (every remote also exposes `./sitePages`, below); a remote
 * may add modules, but renaming or removing one listed here breaks the shell. Every exposed page is a component without props: it reads the
 * route (shared-router) and the language (shared-i18n's i18next context) from the shared singletons.
 */
export interface RemotePageModule {
  default: ComponentType;
  /**
   * Optional: where the route's parameters send the visitor instead (an unknown or renamed id),
   * so the server can answer a permanent redirect. In the browser the page itself navigates.
   */
  redirectFor?: (params: Readonly<Record<string, string | undefined>>) => string | null;
  /**
   * Optional: how long the server may answer the page's rendered HTML from its cache, for a page
   * that shows live data (the booking page's free slots). Without it, HTML is kept until the
   * remote's next version. `0`: never kept, for a page whose HTML depends on more of the address
   * than its path and `?lang` (the cancel page reads a token from its query): every request is
   * rendered, and answered `Cache-Control: no-store`, so no CDN or browser cache keeps it either.
   */
  renderedHtmlMaxAgeMs?: number;
}

export const REMOTE_PAGES = {
  marketing: ['HomePage', 'ServicesPage', 'ServiceDetailPage', 'AboutPage', 'PrivacyPage', 'TermsPage'],
  booking: ['BookingPage', 'CancelBookingPage', 'ChangeBookingPage'],
  contact: ['ContactPage'],
} as const;

export type RemoteName = keyof typeof REMOTE_PAGES;

/** "marketing/HomePage", "booking/BookingPage", ...: the ids loadRemote understands. */
export type RemotePageId = {
  [Name in RemoteName]: `${Name}/${(typeof REMOTE_PAGES)[Name][number]}`;
}[RemoteName];

export const REMOTE_NAMES = Object.keys(REMOTE_PAGES) as RemoteName[];

export function remoteNameOf(page: RemotePageId): RemoteName {
  return page.slice(0, page.indexOf('/')) as RemoteName;
}

/**
 * A page a remote serves, as it lists it for the sitemap and for the check of a new version (every
 * listed page must render in both languages): a path of the shell's route table.
 */
export interface SitePage {
  /** The page's path without language (the sitemap adds `?lang=es`), e.g. "/services/seo". */
  path: string;
  /**
   * Optional: `false` leaves the page out of /sitemap.xml (a page only a link in an e-mail leads
   * to, such as /booking/cancel), while a new version is still checked with it.
   */
  inSitemap?: false;
}

/**
 * What every remote exposes beside its pages, as `./sitePages`: the public pages it serves. The
 * shell's server reads it at run time to write /sitemap.xml, so a page a remote adds (a new service)
 * is listed once that remote is deployed, without a new shell.
 */
export interface SitePagesModule {
  sitePages: readonly SitePage[];
}

/** "marketing/sitePages", ...: the id of a remote's list of pages for loadRemote. */
export type SitePagesId = `${RemoteName}/sitePages`;

export function sitePagesIdOf(name: RemoteName): SitePagesId {
  return `${name}/sitePages`;
}

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
   * remote's next version.
   */
  renderedHtmlMaxAgeMs?: number;
}

export const REMOTE_PAGES = {
  marketing: ['HomePage', 'ServicesPage', 'ServiceDetailPage', 'AboutPage', 'PrivacyPage', 'TermsPage'],
  booking: ['BookingPage'],
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

/** A public page a remote serves, as it lists it for the sitemap: a path of SPEC §2's routes. */
export interface SitePage {
  /** The page's path without language (the sitemap adds `?lang=es`), e.g. "/services/seo". */
  path: string;
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

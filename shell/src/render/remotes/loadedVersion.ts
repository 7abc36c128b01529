// One deployed version of a remote as the server holds it (its modules, strings and files), and a
// page of it as a render needs it. Types and reading only: loading is loadVersion.ts's.
import type { Language, NamespaceStrings } from 'shared-i18n';
import type { LocaleScripts } from '../../remotes/remoteManifest';
import type {
  RemoteName,
  RemotePageId,
  RemotePageModule,
  SitePage,
  SitePagesModule,
} from '../../remotes/remoteContracts';

export type { LocaleScripts };

/** One deployed version of a remote, every module the shell uses from it loaded. */
export interface RemoteVersion {
  name: RemoteName;
  manifestUrl: string;
  /**
   * Which version this is: its manifest's URL and the manifest's ETag (else a hash of its text),
   * so two releases differ even when a host sends the same ETag for an unchanged manifest.
   */
  version: string;
  etag: string | null;
  /** Each exposed page the shell uses, by expose name ("HomePage"). */
  pages: ReadonlyMap<string, RemotePageModule>;
  sitePages: readonly SitePage[];
  /** The site's languages this version has (its manifest's `metaData.languages`). */
  languages: readonly Language[];
  /** This version's own strings (its namespace) in each of its languages, pinned in every render. */
  strings: Readonly<Partial<Record<Language, Record<string, unknown>>>>;
  /** Stylesheets each exposed page needs (absolute URLs), written into (or linked by) its HTML. */
  stylesheets: ReadonlyMap<string, readonly string[]>;
  /** Scripts the browser runs to load each exposed page (absolute URLs): preloaded with the HTML. */
  scripts: ReadonlyMap<string, readonly string[]>;
  /** The remote's strings in each language (absolute URLs), which its pages fetch as they load. */
  localeScripts: LocaleScripts;
}

export interface LoadedPage {
  module: RemotePageModule;
  stylesheets: readonly string[];
  /** The remote's container and the page's chunks, for the browser to fetch with the HTML. */
  scripts: readonly string[];
  /** The remote's strings, per language: a page preloads the one it is rendered in. */
  localeScripts: LocaleScripts;
  /** The remote's manifest, which the browser's federation runtime reads first. */
  manifestUrl: string;
  /** The remote's deployed version: rendered HTML is cached per version. */
  version: string;
  /** The languages the version has: in another, the page is rendered in English. */
  languages: readonly Language[];
  /** The version's strings, pinned in the render (namespace → strings), per language it has. */
  strings: Readonly<Partial<Record<Language, NamespaceStrings>>>;
}

export interface LoadedSitePages {
  pages: readonly SitePage[];
  /** The languages the version has: the sitemap lists its pages in these. */
  languages: readonly Language[];
  /** The remote's deployed version: the sitemap is written again when one changes. */
  version: string;
}

/** "marketing/HomePage" → "HomePage", as the manifest names its exposes. */
function exposeNameOf(page: RemotePageId): string {
  return page.slice(page.indexOf('/') + 1);
}

/** A page of a loaded version, as a render needs it. */
export function pageOf(remote: RemoteVersion, page: RemotePageId): LoadedPage {
  const exposeName = exposeNameOf(page);
  const module = remote.pages.get(exposeName);
  if (!module) throw new Error(`${page} is not a page of ${remote.name}`);
  return {
    module,
    stylesheets: remote.stylesheets.get(exposeName) ?? [],
    scripts: remote.scripts.get(exposeName) ?? [],
    localeScripts: remote.localeScripts,
    manifestUrl: remote.manifestUrl,
    version: remote.version,
    languages: remote.languages,
    strings: Object.fromEntries(
      remote.languages.map((language) => [language, { [remote.name]: remote.strings[language] }]),
    ),
  };
}

/**
 * The list of a loaded `./sitePages` module, checked: a remote is deployed on its own, so the shell
 * does not trust that it kept the contract.
 */
export function sitePagesFrom(loaded: unknown, id: string): readonly SitePage[] {
  const list: unknown = (loaded as Partial<SitePagesModule> | undefined)?.sitePages;
  const valid =
    Array.isArray(list) &&
    list.every(
      (page: Partial<SitePage> | null) => typeof page?.path === 'string' && page.path.startsWith('/'),
    );
  if (!valid) throw new Error(`${id} did not export sitePages as a list of { path: "/…" }`);
  return list as readonly SitePage[];
}

/** Rejects after `ms`, so a slow remote never holds a response past its budget. */
export function withinBudget<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

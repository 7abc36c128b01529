import {
  loadRemote,
  registerGlobalPlugins,
  registerPlugins,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import type { RemoteRegistry } from '../remotes/remoteRegistry';
import {
  remoteNameOf,
  sitePagesIdOf,
  type RemoteName,
  type RemotePageId,
  type RemotePageModule,
  type SitePage,
  type SitePagesModule,
} from '../remotes/remoteContracts';
import { remoteEntryUrlOf, type RemoteManifest } from '../remotes/remoteManifest';

/** What the server knows of one deployed remote, from its manifest. */
interface RemoteVersion {
  manifestUrl: string;
  /** Changes with every deploy: the manifest's ETag, else its text. */
  version: string;
  etag: string | null;
  /** Stylesheets each exposed page needs (absolute URLs), written into (or linked by) its HTML. */
  stylesheets: ReadonlyMap<string, readonly string[]>;
  /** Scripts the browser runs to load each exposed page (absolute URLs): preloaded with the HTML. */
  scripts: ReadonlyMap<string, readonly string[]>;
  /** The remote's strings in each language (absolute URLs), which its pages fetch as they load. */
  localeScripts: LocaleScripts;
  checkedAt: number;
  /** The exposed modules loaded from this version, by id ("marketing/HomePage"). */
  modules: Map<string, Promise<unknown>>;
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
}

export interface LoadedSitePages {
  pages: readonly SitePage[];
  /** The remote's deployed version: the sitemap is written again when one changes. */
  version: string;
}

export interface ServerRemotesOptions {
  readRegistry: () => Promise<RemoteRegistry>;
  /** How long a remote's manifest is trusted before it is asked again (revalidated). */
  manifestTtlMs: number;
}

/** An app's strings in each language: the files of its `locale-<language>-json` chunk. */
export type LocaleScripts = Readonly<Record<string, readonly string[]>>;

/** The chunk file of an app's strings in one language (shared-i18n's TranslationLoader convention). */
const LOCALE_CHUNK_FILE = /(?:^|\/)locale-([a-z]{2})-json\.[^/]*\.js$/;

function localeScriptsOf(manifest: RemoteManifest, manifestUrl: string): LocaleScripts {
  const byLanguage: Record<string, string[]> = {};
  for (const file of new Set(manifest.exposes.flatMap((expose) => expose.assets.js.async))) {
    const language = LOCALE_CHUNK_FILE.exec(file)?.[1];
    if (language) (byLanguage[language] ??= []).push(new URL(file, manifestUrl).href);
  }
  return byLanguage;
}

function stylesheetsOf(manifest: RemoteManifest, manifestUrl: string): Map<string, string[]> {
  return new Map(
    manifest.exposes.map((expose) => [
      expose.name,
      [...expose.assets.css.sync, ...expose.assets.css.async].map((file) => new URL(file, manifestUrl).href),
    ]),
  );
}

/**
 * What the browser fetches, one after another, to run an exposed page: the remote's container, then
 * the page's own chunks (`sync`; `async` are the remote's fallbacks for shared libraries, which the
 * shell provides). Written into the HTML as preloads, they come with the document instead.
 */
function scriptsOf(manifest: RemoteManifest, manifestUrl: string): Map<string, string[]> {
  const container = remoteEntryUrlOf(manifest, manifestUrl);
  return new Map(
    manifest.exposes.map((expose) => [
      expose.name,
      [container, ...expose.assets.js.sync.map((file) => new URL(file, manifestUrl).href)],
    ]),
  );
}

/** Longest any single request of the federation runtime may take (manifest, container, chunk). */
const RUNTIME_FETCH_TIMEOUT_MS = 5000;

/**
 * Every fetch the federation runtime makes on the server, the host's and each remote container's,
 * gives up after a while: a remote that accepts connections and never answers must not leave a
 * load pending for ever, which every later render of its pages would wait on.
 */
const fetchWithTimeout: ModuleFederationRuntimePlugin = {
  name: 'shell-server-fetch-timeout',
  fetch: (url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(RUNTIME_FETCH_TIMEOUT_MS) }),
};

/** Rejects after `ms`, so a slow remote never holds a response past its budget. */
export function withinBudget<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
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

/**
 * The remotes as the shell's server sees them: located through the same registry as the browser,
 * loaded over HTTP as Node containers by the federation runtime, and revalidated: once a remote's
 * manifest changes (a deploy), its old container is dropped and the next render loads the new one.
 */
export class ServerRemotes {
  private readonly known = new Map<RemoteName, RemoteVersion>();
  private readonly checks = new Map<RemoteName, Promise<RemoteVersion>>();

  constructor(private readonly options: ServerRemotesOptions) {
    registerGlobalPlugins([fetchWithTimeout]);
    registerPlugins([fetchWithTimeout]);
  }

  /** Loads a page's module from the remote's current version. */
  async loadPage(page: RemotePageId): Promise<LoadedPage> {
    const remote = await this.current(remoteNameOf(page));
    const module = await this.loadExposed(remote, page, (loaded: RemotePageModule | undefined) => {
      if (!loaded?.default) throw new Error(`${page} did not export a page component`);
      return loaded;
    });
    const exposeName = page.slice(page.indexOf('/') + 1);
    return {
      module,
      stylesheets: remote.stylesheets.get(exposeName) ?? [],
      scripts: remote.scripts.get(exposeName) ?? [],
      localeScripts: remote.localeScripts,
      manifestUrl: remote.manifestUrl,
      version: remote.version,
    };
  }

  /** Loads the list of public pages the remote's current version serves (its `./sitePages`). */
  async loadSitePages(name: RemoteName): Promise<LoadedSitePages> {
    const remote = await this.current(name);
    const id = sitePagesIdOf(name);
    const pages = await this.loadExposed(remote, id, (loaded: unknown) => sitePagesFrom(loaded, id));
    return { pages, version: remote.version };
  }

  /**
   * One exposed module of a remote's version, loaded once and checked by `accept`. A failed load is
   * not kept: the next request tries again.
   */
  private loadExposed<Module, Accepted>(
    remote: RemoteVersion,
    id: string,
    accept: (loaded: Module | undefined) => Accepted,
  ): Promise<Accepted> {
    let module = remote.modules.get(id) as Promise<Accepted> | undefined;
    if (!module) {
      const loading = loadRemote<Module>(id).then((loaded) => accept(loaded ?? undefined));
      remote.modules.set(id, loading);
      loading.catch(() => remote.modules.get(id) === loading && remote.modules.delete(id));
      module = loading;
    }
    return module;
  }

  /** The remote's version, revalidated when older than the TTL; concurrent requests share one check. */
  private current(name: RemoteName): Promise<RemoteVersion> {
    const known = this.known.get(name);
    if (known && Date.now() - known.checkedAt < this.options.manifestTtlMs) return Promise.resolve(known);
    let check = this.checks.get(name);
    if (!check) {
      check = this.revalidate(name, known).finally(() => this.checks.delete(name));
      this.checks.set(name, check);
    }
    return check;
  }

  private async revalidate(name: RemoteName, known: RemoteVersion | undefined): Promise<RemoteVersion> {
    const { remotes } = await this.options.readRegistry();
    const manifestUrl = remotes[name];
    const sameUrl = known?.manifestUrl === manifestUrl;
    const response = await fetch(manifestUrl, {
      headers: sameUrl && known.etag ? { 'If-None-Match': known.etag } : {},
      signal: AbortSignal.timeout(RUNTIME_FETCH_TIMEOUT_MS),
    });
    if (response.status === 304 && known && sameUrl) {
      known.checkedAt = Date.now();
      return known;
    }
    if (!response.ok) throw new Error(`${manifestUrl} answered ${response.status}`);
    const text = await response.text();
    const etag = response.headers.get('etag');
    const version = etag ?? text;
    if (known && sameUrl && known.version === version) {
      known.checkedAt = Date.now();
      return known;
    }
    // A new deploy (or a first visit): the runtime forgets the old container and its manifest. Forced
    // on a first visit too: the runtime is global to the process, and a server started before this
    // one in it (a restart in place, a test) may have left a container of an older deploy there.
    registerRemotes([{ name, entry: manifestUrl }], { force: true });
    const manifest = JSON.parse(text) as RemoteManifest;
    const current: RemoteVersion = {
      manifestUrl,
      version,
      etag,
      stylesheets: stylesheetsOf(manifest, manifestUrl),
      scripts: scriptsOf(manifest, manifestUrl),
      localeScripts: localeScriptsOf(manifest, manifestUrl),
      checkedAt: Date.now(),
      modules: new Map(),
    };
    this.known.set(name, current);
    return current;
  }
}

import { createHash } from 'node:crypto';
import {
  loadRemote,
  registerGlobalPlugins,
  registerPlugins,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import { loadNamespaceStrings, SUPPORTED_LANGUAGES, type Language, type NamespaceStrings } from 'shared-i18n';
import type { RemoteRegistry } from '../remotes/remoteRegistry';
import {
  REMOTE_NAMES,
  REMOTE_PAGES,
  remoteNameOf,
  sitePagesIdOf,
  type RemoteName,
  type RemotePageId,
  type RemotePageModule,
  type SitePage,
  type SitePagesModule,
} from '../remotes/remoteContracts';
import { remoteEntryUrlOf, type RemoteManifest } from '../remotes/remoteManifest';

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
  /** This version's own strings (its namespace), pinned in every render of its pages. */
  strings: Readonly<Record<Language, Record<string, unknown>>>;
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
  /** The version's strings, pinned in the render (namespace → strings), per language. */
  strings: Readonly<Record<Language, NamespaceStrings>>;
}

export interface LoadedSitePages {
  pages: readonly SitePage[];
  /** The remote's deployed version: the sitemap is written again when one changes. */
  version: string;
}

/** What an operator reads of one remote (GET /_shell/status). */
export interface RemoteStatus {
  /** The version the registry names now (manifest URL and version), once asked. */
  named: string | null;
  /** The version the server renders: the last one that loaded and passed. */
  rendering: string | null;
  lastFailure: { version: string | null; reason: string; at: string } | null;
}

export interface ServerRemotesOptions {
  readRegistry: () => Promise<RemoteRegistry>;
  /** How long a remote's manifest is trusted before it is asked again (revalidated). */
  manifestTtlMs: number;
  /**
   * The only origins remote code is loaded from (the environment's release hosts): a registry
   * naming any other is refused. Not given: any origin the registry names.
   */
  remoteOrigins?: readonly string[];
  /**
   * Renders a new version's pages before it replaces the one being rendered; rejects with the
   * reason it may not. Not called for a remote's first version: there is nothing better to keep.
   */
  verify: (candidate: RemoteVersion) => Promise<void>;
  /** Told of every failure to load or check a remote's version (the server's metrics). */
  onRemoteFailure?: (name: RemoteName) => void;
  log: {
    info: (message: string) => void;
    error: (message: string, error?: unknown) => void;
  };
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

/** How long a version that failed is left alone before its manifest is tried again. */
const FAILED_VERSION_RETRY_MS = 30_000;
/** Versions kept in memory after they were replaced, for an instant rollback. */
const PREVIOUS_VERSIONS_KEPT = 2;
/** Longest a new version may take to load and pass; a check that never ends would block the next. */
const CHECK_BUDGET_MS = 60_000;

function versionOf(manifestUrl: string, tag: string): string {
  return `${manifestUrl} ${tag}`;
}

/** The origins a manifest makes the server load code from: its own, and its containers'. */
function codeOriginsOf(manifest: RemoteManifest, manifestUrl: string): string[] {
  const { ssrRemoteEntry } = manifest.metaData as { ssrRemoteEntry?: { name: string; path: string } };
  const entries = [remoteEntryUrlOf(manifest, manifestUrl)];
  if (ssrRemoteEntry) {
    const { name, path } = ssrRemoteEntry;
    entries.push(new URL(path ? `${path}/${name}` : name, manifestUrl).href);
  }
  return [manifestUrl, ...entries].map((url) => new URL(url).origin);
}

/**
 * The loads of each remote under way in this process, whichever server started them. The runtime
 * holds one container per remote name, and registering a version replaces it: a second load begun
 * while one is under way (another server in the same process, as a restart in place makes) would
 * swap the container under the first one's chunks.
 */
const loadsInProcess = new Map<RemoteName, Promise<unknown>>();

function oneLoadAtATime<T>(name: RemoteName, load: () => Promise<T>): Promise<T> {
  const mine = (loadsInProcess.get(name) ?? Promise.resolve()).catch(() => undefined).then(load);
  loadsInProcess.set(name, mine);
  void mine.then(
    () => loadsInProcess.get(name) === mine && loadsInProcess.delete(name),
    () => loadsInProcess.get(name) === mine && loadsInProcess.delete(name),
  );
  return mine;
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** "marketing/HomePage" → "HomePage", as the manifest names its exposes. */
function exposeNameOf(page: RemotePageId): string {
  return page.slice(page.indexOf('/') + 1);
}

/**
 * The remotes as the shell's server sees them: located through the same registry as the browser,
 * loaded over HTTP as Node containers by the federation runtime, and revalidated off the request
 * path. A remote's version is rendered only once every module the shell uses from it has loaded; a
 * new version (a deploy) replaces it only after `verify` rendered its pages, so a broken release,
 * or a host that stops answering, leaves visitors on the last good version. Only a remote of which
 * no version has ever loaded makes its pages wait (and fail) on the request path.
 */
export class ServerRemotes {
  private readonly live = new Map<RemoteName, RemoteVersion>();
  /**
   * The versions each remote had live just before (newest first): a rollback to one of them is a
   * switch, with nothing to load or check again. Bounded, so releases do not grow the heap.
   */
  private readonly previous = new Map<RemoteName, RemoteVersion[]>();
  private readonly checks = new Map<RemoteName, Promise<void>>();
  private readonly checkedAt = new Map<RemoteName, number>();
  private readonly named = new Map<RemoteName, string>();
  private readonly failures = new Map<RemoteName, { label: string | null; reason: string; at: number }>();
  private readonly poll: ReturnType<typeof setInterval>;

  constructor(private readonly options: ServerRemotesOptions) {
    registerGlobalPlugins([fetchWithTimeout]);
    registerPlugins([fetchWithTimeout]);
    // Every remote is asked for a new version on a clock, not by visitors' requests: a release is
    // loaded and verified before anyone asks for its pages, whether the site is busy or quiet.
    this.poll = setInterval(() => {
      for (const name of REMOTE_NAMES) if (this.isDue(name)) void this.check(name);
    }, options.manifestTtlMs);
    this.poll.unref();
  }

  /** Stops asking the remotes for new versions (the server is closing). */
  close(): void {
    clearInterval(this.poll);
  }

  /** A page's module from the remote's live version (loaded with it, so no load here). */
  async loadPage(page: RemotePageId): Promise<LoadedPage> {
    return pageOf(await this.liveVersion(remoteNameOf(page)), page);
  }

  /** The list of public pages the remote's live version serves (its `./sitePages`). */
  async loadSitePages(name: RemoteName): Promise<LoadedSitePages> {
    const remote = await this.liveVersion(name);
    return { pages: remote.sitePages, version: remote.version };
  }

  /** The version of a remote rendered now, if one has loaded: read on every cached request. */
  liveVersionOf(name: RemoteName): string | undefined {
    return this.live.get(name)?.version;
  }

  /** The manifest of each remote's live version: what browsers are told to load (`/remotes.json`). */
  liveManifests(): Partial<Record<RemoteName, string>> {
    return Object.fromEntries([...this.live].map(([name, version]) => [name, version.manifestUrl]));
  }

  /** For each remote: what the registry names, what is rendered, and the last failure. */
  status(): Record<RemoteName, RemoteStatus> {
    return Object.fromEntries(
      REMOTE_NAMES.map((name) => {
        const live = this.live.get(name);
        const failure = this.failures.get(name);
        return [
          name,
          {
            named: this.named.get(name) ?? null,
            rendering: live?.version ?? null,
            lastFailure: failure
              ? { version: failure.label, reason: failure.reason, at: new Date(failure.at).toISOString() }
              : null,
          },
        ];
      }),
    ) as Record<RemoteName, RemoteStatus>;
  }

  private isDue(name: RemoteName): boolean {
    return Date.now() - (this.checkedAt.get(name) ?? 0) >= this.options.manifestTtlMs;
  }

  /**
   * The version to render. A live version is answered at once (the clock checks for a newer one);
   * without one, a request waits for the first load (or the one under way).
   */
  private async liveVersion(name: RemoteName): Promise<RemoteVersion> {
    const live = this.live.get(name);
    if (live) return live;
    await (this.isDue(name) ? this.check(name) : this.checks.get(name));
    const loaded = this.live.get(name);
    if (!loaded) {
      throw new Error(
        `no version of ${name} has loaded: ${this.failures.get(name)?.reason ?? 'not asked yet'}`,
      );
    }
    return loaded;
  }

  /** One check at a time per remote; concurrent callers share it. */
  private check(name: RemoteName): Promise<void> {
    let check = this.checks.get(name);
    if (!check) {
      this.checkedAt.set(name, Date.now());
      check = this.revalidate(name).finally(() => this.checks.delete(name));
      this.checks.set(name, check);
    }
    return check;
  }

  private async revalidate(name: RemoteName): Promise<void> {
    const live = this.live.get(name);
    let label: string | null = null;
    try {
      const { remotes } = await this.options.readRegistry();
      const manifestUrl = remotes[name];
      // Until its manifest is read, a version is known by its URL only.
      label = manifestUrl;
      this.assertAllowed([new URL(manifestUrl).origin], manifestUrl);
      const sameUrl = live?.manifestUrl === manifestUrl;
      const response = await fetch(manifestUrl, {
        headers: sameUrl && live.etag ? { 'If-None-Match': live.etag } : {},
        signal: AbortSignal.timeout(RUNTIME_FETCH_TIMEOUT_MS),
      });
      if (response.status === 304 && live && sameUrl) {
        this.named.set(name, live.version);
        return;
      }
      if (!response.ok) throw new Error(`${manifestUrl} answered ${response.status}`);
      const text = await response.text();
      const etag = response.headers.get('etag');
      const version = versionOf(manifestUrl, etag ?? createHash('sha1').update(text).digest('base64url'));
      label = version;
      this.named.set(name, label);
      if (live?.version === version) return;
      const known = this.previous.get(name)?.find((earlier) => earlier.version === version);
      if (known) {
        this.goLive(name, known);
        return;
      }
      const failure = this.failures.get(name);
      if (failure?.label === label && Date.now() - failure.at < FAILED_VERSION_RETRY_MS) return;
      const manifest = JSON.parse(text) as RemoteManifest;
      this.assertAllowed(codeOriginsOf(manifest, manifestUrl), manifestUrl);
      const candidate = await withinBudget(
        oneLoadAtATime(name, () => this.load(name, manifestUrl, manifest, version, etag)).then(
          async (loaded) => {
            if (live) await this.options.verify(loaded);
            return loaded;
          },
        ),
        CHECK_BUDGET_MS,
        `checking ${version}`,
      );
      this.goLive(name, candidate);
    } catch (error) {
      const previous = this.failures.get(name);
      const failure = { label, reason: reasonOf(error), at: Date.now() };
      this.failures.set(name, failure);
      this.options.onRemoteFailure?.(name);
      // Logged when it starts, not every second while a host stays down.
      if (previous?.label === failure.label && previous.reason === failure.reason) return;
      const kept = live ? `kept ${live.version}` : 'no version to render';
      this.options.log.error(
        `[shell] ${name}: ${label ?? 'its registry entry'} was not taken (${kept})`,
        error,
      );
    }
  }

  private goLive(name: RemoteName, version: RemoteVersion): void {
    const replaced = this.live.get(name);
    if (replaced) {
      const kept = (this.previous.get(name) ?? []).filter((earlier) => earlier.version !== version.version);
      this.previous.set(name, [replaced, ...kept].slice(0, PREVIOUS_VERSIONS_KEPT));
    }
    this.live.set(name, version);
    this.failures.delete(name);
    this.options.log.info(`[shell] ${name}: rendering ${version.version}`);
  }

  /** Refuses code from any origin but the environment's release hosts, when they are named. */
  private assertAllowed(origins: readonly string[], manifestUrl: string): void {
    const allowed = this.options.remoteOrigins;
    const refused = allowed && origins.find((origin) => !allowed.includes(origin));
    if (refused) throw new Error(`${manifestUrl} loads code from ${refused}, not an allowed release host`);
  }

  /** Loads every module the shell uses from one version, and that version's strings. */
  private async load(
    name: RemoteName,
    manifestUrl: string,
    manifest: RemoteManifest,
    version: string,
    etag: string | null,
  ): Promise<RemoteVersion> {
    // The runtime knows one container per remote name: registering this version replaces the one it
    // had. The live version's modules are all loaded already, so it keeps rendering meanwhile.
    // Forced on a first visit too: the runtime is global to the process, and a server started before
    // this one in it (a restart in place, a test) may have left a container of an older deploy there.
    registerRemotes([{ name, entry: manifestUrl }], { force: true });
    const pages = await Promise.all(
      REMOTE_PAGES[name].map(async (page) => {
        const id = `${name}/${page}`;
        const loaded = await loadRemote<RemotePageModule>(id);
        if (!loaded?.default) throw new Error(`${id} did not export a page component`);
        return [page as string, loaded] as const;
      }),
    );
    const sitePagesId = sitePagesIdOf(name);
    const sitePages = sitePagesFrom(await loadRemote<unknown>(sitePagesId), sitePagesId);
    // The version's own strings, from the loader its modules registered as they loaded: a version
    // whose strings cannot be read fails here rather than borrow another version's.
    const strings = Object.fromEntries(
      await Promise.all(
        SUPPORTED_LANGUAGES.map(async (language) => [language, await loadNamespaceStrings(name, language)]),
      ),
    ) as Record<Language, Record<string, unknown>>;
    return {
      name,
      manifestUrl,
      version,
      etag,
      pages: new Map(pages),
      sitePages,
      strings,
      stylesheets: stylesheetsOf(manifest, manifestUrl),
      scripts: scriptsOf(manifest, manifestUrl),
      localeScripts: localeScriptsOf(manifest, manifestUrl),
    };
  }
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
    strings: Object.fromEntries(
      SUPPORTED_LANGUAGES.map((language) => [language, { [remote.name]: remote.strings[language] }]),
    ) as Record<Language, NamespaceStrings>,
  };
}

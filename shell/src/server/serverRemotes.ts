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
  type RemoteName,
  type RemotePageId,
  type RemotePageModule,
} from '../remotes/remoteContracts';

/** What the server knows of one deployed remote, from its manifest. */
interface RemoteVersion {
  manifestUrl: string;
  /** Changes with every deploy: the manifest's ETag, else its text. */
  version: string;
  etag: string | null;
  /** Stylesheets each exposed page needs (absolute URLs), linked in the page's HTML. */
  stylesheets: ReadonlyMap<string, readonly string[]>;
  checkedAt: number;
  pages: Map<RemotePageId, Promise<RemotePageModule>>;
}

export interface LoadedPage {
  module: RemotePageModule;
  stylesheets: readonly string[];
  /** The remote's deployed version: rendered HTML is cached per version. */
  version: string;
}

export interface ServerRemotesOptions {
  readRegistry: () => Promise<RemoteRegistry>;
  /** How long a remote's manifest is trusted before it is asked again (revalidated). */
  manifestTtlMs: number;
}

interface ManifestAssets {
  name: string;
  assets: { css: { sync: string[]; async: string[] } };
}

interface Manifest {
  exposes: ManifestAssets[];
}

function stylesheetsOf(manifest: Manifest, manifestUrl: string): Map<string, string[]> {
  return new Map(
    manifest.exposes.map((expose) => [
      expose.name,
      [...expose.assets.css.sync, ...expose.assets.css.async].map((file) => new URL(file, manifestUrl).href),
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
    let module = remote.pages.get(page);
    if (!module) {
      module = loadRemote<RemotePageModule>(page).then((loaded) => {
        if (!loaded?.default) throw new Error(`${page} did not export a page component`);
        return loaded;
      });
      remote.pages.set(page, module);
      // A failed load is not kept: the next request tries again.
      module.catch(() => remote.pages.get(page) === module && remote.pages.delete(page));
    }
    const exposeName = page.slice(page.indexOf('/') + 1);
    return {
      module: await module,
      stylesheets: remote.stylesheets.get(exposeName) ?? [],
      version: remote.version,
    };
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
    // A new deploy (or a first visit): the runtime forgets the old container and its manifest.
    registerRemotes([{ name, entry: manifestUrl }], { force: Boolean(known) });
    const current: RemoteVersion = {
      manifestUrl,
      version,
      etag,
      stylesheets: stylesheetsOf(JSON.parse(text) as Manifest, manifestUrl),
      checkedAt: Date.now(),
      pages: new Map(),
    };
    this.known.set(name, current);
    return current;
  }
}

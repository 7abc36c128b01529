// The remotes as the browser sees them: one record per remote (its registration, its pages' loads,
// its failures in a row), the registry they are located through, and the one loader of remote
// pages that the router's route loaders and the preloads use.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { i18n, languageOf, loadDefaultLanguageStrings, translationsReady, type Language } from 'shared-i18n';
import { readSsrState } from '../document/ssrState';
import type { PageModules, VersionPage } from '../routes/remotePageLoader';
import { fetchRegistry, overrideRequested, type RemoteRegistry } from './remoteRegistry';
import { remoteNameOf, type RemoteName, type RemotePageId, type RemotePageModule } from './remoteContracts';
import { languagesOf, remoteEntryUrlOf, retryUrlOf, type RemoteManifest } from './remoteManifest';

/** Everything the browser keeps about one remote. */
interface RemoteRecord {
  /**
   * The version the server rendered this document with, for the first registration only:
   * hydration must meet the code that rendered it; later ones (a retry) read the registry.
   */
  renderedManifest: string | undefined;
  /**
   * The registration under way or done, answering the version's languages; a failed load drops
   * it, so the next one registers again.
   */
  registration: Promise<readonly Language[]> | null;
  /** Whether the runtime holds a registration: a new one replaces it, with its cached failure. */
  registered: boolean;
  /**
   * Loads failed in a row: a retry loads a released version from that many fresh folders deep. A
   * success ends the run, so a later failure reuses the first fresh folder (cached by now).
   */
  failures: number;
  /** Each page's load, shared by a preload and a visit; a failed one is dropped. */
  pages: Map<RemotePageId, Promise<VersionPage>>;
}

/**
 * How long a remote's manifest may take. The first page's loader waits on it before the document
 * hydrates, so a remote host that accepts the connection and never answers would otherwise keep
 * the whole page, header included, from hydrating; past this the page is its panel, with Retry.
 * The federation runtime bounds the container's script the same way (20 s).
 */
export const MANIFEST_TIMEOUT_MS = 10_000;

const records = new Map<RemoteName, RemoteRecord>();
let registry: Promise<RemoteRegistry> | null = null;

function recordOf(name: RemoteName): RemoteRecord {
  let record = records.get(name);
  if (!record) {
    // A QA override wins over the version rendered, as it does over the registry.
    const renderedManifest = overrideRequested(name) ? undefined : readSsrState()?.remoteManifests[name];
    record = { renderedManifest, registration: null, registered: false, failures: 0, pages: new Map() };
    records.set(name, record);
  }
  return record;
}

/** Starts fetching the registry; later calls share the same request until one fails. */
export function loadRegistry(): Promise<RemoteRegistry> {
  registry ??= fetchRegistry().catch((error: unknown) => {
    registry = null;
    throw error;
  });
  return registry;
}

/**
 * Registers the remote's container, read from its manifest here rather than by the federation
 * runtime: the shell is built without the runtime's snapshot handling (`disableSnapshot`), which
 * cost a long task on a phone for every remote loaded.
 */
async function register(name: RemoteName, record: RemoteRecord): Promise<readonly Language[]> {
  const manifestUrl = record.renderedManifest ?? (await loadRegistry()).remotes[name];
  record.renderedManifest = undefined;
  // A plain request, so it picks up the manifest the server's HTML preloaded.
  const response = await fetch(manifestUrl, { signal: AbortSignal.timeout(MANIFEST_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${name}'s manifest ${manifestUrl} answered ${response.status}`);
  const manifest = (await response.json()) as RemoteManifest;
  // After a failure, a released version is loaded from fresh URLs: a failed preload of its files
  // would otherwise answer the retry with the same failure.
  const containerBase = (record.failures > 0 && retryUrlOf(manifestUrl, record.failures)) || manifestUrl;
  registerRemotes(
    [
      {
        name,
        entry: remoteEntryUrlOf(manifest, containerBase),
        entryGlobalName: manifest.metaData.globalName,
        type: manifest.metaData.remoteEntry.type,
      },
    ],
    { force: record.registered },
  );
  record.registered = true;
  return languagesOf(manifest);
}

async function loadPage(page: RemotePageId, record: RemoteRecord): Promise<VersionPage> {
  try {
    const languages = await (record.registration ??= register(remoteNameOf(page), record));
    const loaded = await loadRemote<RemotePageModule>(page);
    if (!loaded?.default) throw new Error(`${page} did not export a page component`);
    // The page registered its strings as it loaded; it renders once they have arrived, in English
    // where the version lacks the page's language (PageInItsLanguages).
    await translationsReady();
    if (!languages.includes(languageOf(i18n))) await loadDefaultLanguageStrings(remoteNameOf(page));
    record.failures = 0;
    return { module: loaded, languages };
  } catch (error) {
    record.failures += 1;
    record.registration = null;
    record.pages.delete(page);
    throw error;
  }
}

/**
 * The one way the shell loads a remote's page: registry → runtime registration → loadRemote.
 * Rejects when the remote cannot be reached; the next call tries again.
 */
export function loadRemotePage(page: RemotePageId): Promise<VersionPage> {
  const record = recordOf(remoteNameOf(page));
  let load = record.pages.get(page);
  if (!load) {
    load = loadPage(page, record);
    record.pages.set(page, load);
  }
  return load;
}

/** The browser's pages for the router's loaders: one that cannot be loaded is its panel, with Retry. */
export const browserPageModules: PageModules = {
  where: 'browser',
  load: (page) =>
    loadRemotePage(page).catch((error: unknown) => {
      console.error(`[shell] ${page} could not be loaded`, error);
      return null;
    }),
};

/** Starts loading a page ahead of a visit. A failed preload is simply dropped. */
export function preloadPage(page: RemotePageId): void {
  loadRemotePage(page).catch(() => undefined);
}

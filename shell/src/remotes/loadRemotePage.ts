import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { translationsReady } from 'shared-i18n';
import { fetchRegistry, overrideRequested, type RemoteRegistry } from './remoteRegistry';
import { readSsrState } from '../document/ssrState';
import { remoteNameOf, type RemoteName, type RemotePageId, type RemotePageModule } from './remoteContracts';
import { remoteEntryUrlOf, retryUrlOf, type RemoteManifest } from './remoteManifest';

let registry: Promise<RemoteRegistry> | null = null;
/** Each remote's registration under way or done; a failed load drops it, so the next one retries. */
const registrations = new Map<RemoteName, Promise<void>>();
const everRegistered = new Set<RemoteName>();
/**
 * How many loads of each remote failed in a row in this document: a success ends the run, so a
 * later failure's retry reuses the first fresh folder (cached by now) rather than a new one.
 */
const failures = new Map<RemoteName, number>();
/** Remotes whose version named by the server's HTML was tried: a retry reads the registry. */
const triedRenderedVersion = new Set<RemoteName>();

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
 * cost a long task on a phone for every remote loaded. A second registration (after a failure)
 * replaces the first, with its cached failure.
 */
async function register(name: RemoteName): Promise<void> {
  const manifestUrl = renderedVersionOf(name) ?? (await loadRegistry()).remotes[name];
  // A plain request, so it picks up the manifest the server's HTML preloaded.
  const response = await fetch(manifestUrl);
  if (!response.ok) throw new Error(`${name}'s manifest ${manifestUrl} answered ${response.status}`);
  const manifest = (await response.json()) as RemoteManifest;
  // After a failure, a released version is loaded from fresh URLs: a failed preload of its files
  // would otherwise answer the retry with the same failure.
  const failed = failures.get(name) ?? 0;
  const containerBase = (failed > 0 && retryUrlOf(manifestUrl, failed)) || manifestUrl;
  registerRemotes(
    [
      {
        name,
        entry: remoteEntryUrlOf(manifest, containerBase),
        entryGlobalName: manifest.metaData.globalName,
        type: manifest.metaData.remoteEntry.type,
      },
    ],
    { force: everRegistered.has(name) },
  );
  everRegistered.add(name);
}

/**
 * The version of the remote the server rendered this document with, for its first registration
 * only: hydration must meet the same version, while later loads (a retry, other pages) read the
 * registry. A QA override wins, as it does over the registry.
 */
function renderedVersionOf(name: RemoteName): string | undefined {
  if (triedRenderedVersion.has(name) || overrideRequested(name)) return undefined;
  triedRenderedVersion.add(name);
  return readSsrState()?.remoteManifests?.[name];
}

function ensureRegistered(name: RemoteName): Promise<void> {
  let registration = registrations.get(name);
  if (!registration) {
    registration = register(name);
    registrations.set(name, registration);
  }
  return registration;
}

/**
 * The one way the shell loads a remote's page: registry → runtime registration → loadRemote.
 * Throws when the remote cannot be reached, so the page's boundary can offer a retry.
 */
export async function loadRemotePage(page: RemotePageId): Promise<RemotePageModule> {
  const name = remoteNameOf(page);
  try {
    await ensureRegistered(name);
    const loaded = await loadRemote<RemotePageModule>(page);
    if (!loaded?.default) {
      throw new Error(`${page} did not export a page component`);
    }
    // The page registered its strings as it loaded; it renders once they have arrived.
    await translationsReady();
    failures.delete(name);
    return loaded;
  } catch (error) {
    failures.set(name, (failures.get(name) ?? 0) + 1);
    registrations.delete(name);
    throw error;
  }
}

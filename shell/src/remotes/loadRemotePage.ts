import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { fetchRegistry, type RemoteRegistry } from './remoteRegistry';
import { remoteNameOf, type RemoteName, type RemotePageId, type RemotePageModule } from './remoteContracts';

let registry: Promise<RemoteRegistry> | null = null;
const registered = new Set<RemoteName>();
/** Remotes whose last load failed: the next load registers them afresh, dropping cached failures. */
const failed = new Set<RemoteName>();

/** Starts fetching the registry; later calls share the same request until one fails. */
export function loadRegistry(): Promise<RemoteRegistry> {
  registry ??= fetchRegistry().catch((error: unknown) => {
    registry = null;
    throw error;
  });
  return registry;
}

async function ensureRegistered(name: RemoteName): Promise<void> {
  const { remotes } = await loadRegistry();
  if (registered.has(name) && !failed.has(name)) return;
  registerRemotes([{ name, entry: remotes[name] }], { force: registered.has(name) });
  registered.add(name);
  failed.delete(name);
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
    // The page registered its strings as it loaded; it renders once they have arrived. (This
    // module runs in the entry chunk, before shared modules may be imported synchronously.)
    const { translationsReady } = await import('shared-i18n');
    await translationsReady();
    return loaded;
  } catch (error) {
    failed.add(name);
    throw error;
  }
}

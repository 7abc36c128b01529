import { checkRegistryDocument, type RegistryDocument } from 'release-registry/registry-document';
import { REMOTE_NAMES, type RemoteName } from './remoteContracts';

/**
 * The per-environment registry the shell fetches at start: which manifest each remote is served
 * from. Deploying or moving a remote changes this file, never the shell's build. Its type and its
 * check are release-registry's (release-tools writes it); the shell needs each of its remotes named.
 * `previous` is what a server with no version of a remote renders when the one named fails;
 * `allowOverrides` lets QA point one remote at a candidate build (see OVERRIDE_PARAM).
 */
export type RemoteRegistry = Omit<RegistryDocument, 'remotes'> & { remotes: Record<RemoteName, string> };

export const REGISTRY_URL = '/remotes.json';

/** `?remoteOverride=marketing@http://localhost:4001/mf-manifest.json`, or the same in localStorage. */
export const OVERRIDE_PARAM = 'remoteOverride';

interface RemoteOverride {
  name: RemoteName;
  manifestUrl: string;
}

export function parseOverride(value: string | null): RemoteOverride | null {
  if (!value) return null;
  const at = value.indexOf('@');
  const name = value.slice(0, at);
  const manifestUrl = value.slice(at + 1);
  if (at < 1 || !REMOTE_NAMES.includes(name as RemoteName)) return null;
  try {
    const url = new URL(manifestUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  } catch {
    return null;
  }
  return { name: name as RemoteName, manifestUrl };
}

/** Where a QA override may come from: the page's query string, then localStorage. */
export interface OverrideSources {
  search: string;
  storedOverride: string | null;
}

function readStoredOverride(): string | null {
  try {
    return window.localStorage.getItem(OVERRIDE_PARAM);
  } catch {
    // Storage can be blocked (privacy settings); the override is then only read from the URL.
    return null;
  }
}

/**
 * Whether this browser asks for a QA override of a remote (the registry may still refuse it):
 * read before the registry arrives, so such a page is never hydrated from the server's version.
 */
export function overrideRequested(name: RemoteName): boolean {
  const override =
    parseOverride(new URLSearchParams(window.location.search).get(OVERRIDE_PARAM)) ??
    parseOverride(readStoredOverride());
  return override?.name === name;
}

function isRegistry(value: unknown): value is RemoteRegistry {
  const { remotes } = checkRegistryDocument(value, `Remote registry ${REGISTRY_URL}`);
  return REMOTE_NAMES.every((name) => typeof remotes[name] === 'string');
}

/**
 * Checks the registry's shape and applies a QA override, only where the registry allows them:
 * in production a crafted link must not be able to load someone else's code into the site.
 */
export function resolveRegistry(raw: unknown, sources: OverrideSources): RemoteRegistry {
  if (!isRegistry(raw)) throw new Error(`Remote registry ${REGISTRY_URL} lacks a remote`);
  const registry: RemoteRegistry = { ...raw, remotes: { ...raw.remotes } };
  if (!registry.allowOverrides) return registry;
  const override =
    parseOverride(new URLSearchParams(sources.search).get(OVERRIDE_PARAM)) ??
    parseOverride(sources.storedOverride);
  if (override) {
    console.info(`[shell] QA override: ${override.name} from ${override.manifestUrl}`);
    registry.remotes[override.name] = override.manifestUrl;
  }
  return registry;
}

export async function fetchRegistry(): Promise<RemoteRegistry> {
  // Served no-cache, so this revalidates; a plain request also picks up index.html's preload.
  const response = await fetch(REGISTRY_URL);
  if (!response.ok) throw new Error(`Remote registry ${REGISTRY_URL} answered ${response.status}`);
  return resolveRegistry(await response.json(), {
    search: window.location.search,
    storedOverride: readStoredOverride(),
  });
}

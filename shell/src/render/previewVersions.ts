// The candidate versions previews render (docs/releases.md, "Preview"): each loaded on its first
// request, a few kept (least recently used out first), never live; one that fails is tried again
// after a while. Which visitor previews what is the server's (previewRoute.mjs), not this file's.
import { LRUCache } from 'lru-cache';
import type { RemoteName } from '../remotes/remoteContracts';
import { codeOriginsOf } from '../remotes/remoteManifest';
import { assertAllowed, readManifest } from './remotes/chosenVersion';
import { loadRemoteVersion } from './remotes/loadVersion';
import { withinBudget, type RemoteVersion } from './remotes/loadedVersion';

/** Candidates kept loaded at once: a few testers, each on a version or two. */
const KEPT_VERSIONS = 4;
/** Longest a candidate may take to load before its page is answered with the panel. */
const LOAD_BUDGET_MS = 30_000;
/** How long a candidate that failed is answered as failed before it is loaded again. */
const RETRY_AFTER_MS = 10_000;

export interface PreviewVersionsOptions {
  /** The only origins remote code may be loaded from; unset: the manifest's own origin. */
  remoteOrigins?: readonly string[];
  log: { error: (message: string, error?: unknown) => void };
}

export function createPreviewVersions({ remoteOrigins, log }: PreviewVersionsOptions) {
  const versions = new LRUCache<string, Promise<RemoteVersion>>({ max: KEPT_VERSIONS });

  async function loadCandidate(name: RemoteName, manifestUrl: string): Promise<RemoteVersion> {
    const read = await readManifest(name, manifestUrl);
    const allowed = remoteOrigins ?? [new URL(manifestUrl).origin];
    assertAllowed(allowed, codeOriginsOf(read.manifest, manifestUrl), manifestUrl);
    return withinBudget(loadRemoteVersion(read), LOAD_BUDGET_MS, `loading ${manifestUrl}`);
  }

  return {
    /** The candidate, loaded (or its load under way); null if it cannot be loaded. */
    async load(name: RemoteName, manifestUrl: string): Promise<RemoteVersion | null> {
      const key = `${name} ${manifestUrl}`;
      let loading = versions.get(key);
      if (!loading) {
        const started = loadCandidate(name, manifestUrl);
        versions.set(key, started);
        started.catch((error: unknown) => {
          log.error(`[shell] preview of ${name} ${manifestUrl} could not be loaded`, error);
          setTimeout(() => versions.get(key) === started && versions.delete(key), RETRY_AFTER_MS).unref();
        });
        loading = started;
      }
      return loading.catch(() => null);
    },
  };
}

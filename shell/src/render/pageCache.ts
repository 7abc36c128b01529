// The HTML this server keeps between requests, under one key function: rendered pages (by path,
// language and their remote's version), shared error pages, the remote each kept path's page
// comes from, and the renders under way that requests asking meanwhile share.
import { LRUCache } from 'lru-cache';
import type { RemoteName } from '../remotes/remoteContracts';

export type RenderOutcome =
  | {
      kind: 'page';
      status: 200 | 404 | 503;
      html: string;
      /** HTML for this address alone (its page's `renderedHtmlMaxAgeMs` is 0): no cache may keep it. */
      noStore?: true;
    }
  | { kind: 'redirect'; status: 308; location: string };

export interface RenderRequest {
  /**
   * Called when the answer is not kept from an earlier request and is about to be rendered: the
   * server's rate limit throws here, so what costs nothing is never limited.
   */
  beforeRender?: () => Promise<void>;
}

/** What a kept render is, and everything its HTML depends on. */
export interface RenderKey {
  /** A page's path ("/services"), or the name of an error page ("404", "http-429"). */
  shows: string;
  language: string;
  /** Whatever else changes its HTML: the page remote's version, the header's current link… */
  dependsOn: readonly string[];
}

/** The one key of every kept render. */
function keyOf({ shows, language, dependsOn }: RenderKey): string {
  return JSON.stringify([shows, language, ...dependsOn]);
}

/** The key of a remote's page, at one version of that remote. */
export function pageKey(pathname: string, language: string, version: string): RenderKey {
  return { shows: pathname, language, dependsOn: [version] };
}

export function createPageCache() {
  const rendered = new LRUCache<string, RenderOutcome>({ max: 2000 });
  /** The remote whose page a path shows, once rendered: a cached page is found from it alone. */
  const remoteOfPath = new LRUCache<string, RemoteName>({ max: 4000 });
  const sharedRenders = new Map<string, Promise<RenderOutcome>>();

  return {
    get: (key: RenderKey) => rendered.get(keyOf(key)),

    /** The page kept for this path and language at its remote's live version, without routing. */
    livePage(pathname: string, language: string, liveVersionOf: (name: RemoteName) => string | undefined) {
      const remote = remoteOfPath.get(pathname);
      const version = remote && liveVersionOf(remote);
      return version ? rendered.get(keyOf(pageKey(pathname, language, version))) : undefined;
    },

    /** Keeps a remote's page (for `ttlMs`, if given), and which remote the path's page comes from. */
    keepPage(key: RenderKey, remote: RemoteName, outcome: RenderOutcome, ttlMs?: number): void {
      rendered.set(keyOf(key), outcome, ttlMs ? { ttl: ttlMs } : undefined);
      remoteOfPath.set(key.shows, remote);
    },

    /** A render kept under `key` and shared by the requests that ask for it meanwhile. */
    async shared(
      key: RenderKey,
      beforeRender: RenderRequest['beforeRender'],
      renderIt: () => Promise<RenderOutcome>,
    ): Promise<RenderOutcome> {
      const id = keyOf(key);
      const kept = rendered.get(id);
      if (kept) return kept;
      if (!sharedRenders.has(id)) {
        // Limited before it may render; another request may have started (or kept) the render
        // meanwhile, so both are read again after the wait, and only one render is ever started.
        await beforeRender?.();
        const keptMeanwhile = rendered.get(id);
        if (keptMeanwhile) return keptMeanwhile;
      }
      let rendering = sharedRenders.get(id);
      if (!rendering) {
        const started = renderIt().finally(() => sharedRenders.delete(id));
        sharedRenders.set(id, started);
        rendering = started;
      }
      const outcome = await rendering;
      if (outcome.kind === 'page' && outcome.status !== 503) rendered.set(id, outcome);
      return outcome;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

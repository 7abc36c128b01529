/** The parts of a remote's `mf-manifest.json` the shell reads, in the browser and on its server. */
export interface RemoteManifest {
  metaData: {
    /** The global the browser container assigns itself to. */
    globalName: string;
    remoteEntry: { name: string; path: string; type: string };
  };
  exposes: {
    name: string;
    assets: { css: { sync: string[]; async: string[] }; js: { sync: string[]; async: string[] } };
  }[];
}

/** The absolute URL of the remote's browser container (`remoteEntry.js`), beside its manifest. */
export function remoteEntryUrlOf(manifest: RemoteManifest, manifestUrl: string): string {
  const { name, path } = manifest.metaData.remoteEntry;
  return new URL(path ? `${path}/${name}` : name, manifestUrl).href;
}

/** A released version's manifest: `<release host>/releases/<version>/mf-manifest.json`. */
const RELEASED_MANIFEST = /^(.*\/releases\/[^/]+\/)(mf-manifest\.json)$/;

/**
 * The same released version under a fresh folder URL, for a retry: its release host serves
 * `/releases/<version>/retry-<n>/…` as `/releases/<version>/…` (docs/releases.md). A browser
 * answers a request for a script whose preload failed with that failure again, without the
 * network; under new URLs the container and every chunk it loads (found beside it) are fetched
 * afresh. Null for a manifest that is not a released version.
 */
export function retryUrlOf(manifestUrl: string, attempt: number): string | null {
  const match = RELEASED_MANIFEST.exec(manifestUrl);
  return match ? `${match[1]}retry-${attempt}/${match[2]}` : null;
}

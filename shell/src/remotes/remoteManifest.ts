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

// Loading one version of a remote into this process through the federation runtime: its pages,
// its `./sitePages` and its strings, one load per remote name at a time, every fetch timed out.
import {
  loadRemote,
  registerGlobalPlugins,
  registerPlugins,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import { loadNamespaceStrings } from 'shared-i18n';
import {
  REMOTE_PAGES,
  sitePagesIdOf,
  type RemoteName,
  type RemotePageModule,
} from '../../remotes/remoteContracts';
import {
  languagesOf,
  localeScriptsOf,
  scriptsOf,
  serverEntryUrlOf,
  stylesheetsOf,
} from '../../remotes/remoteManifest';
import { RUNTIME_FETCH_TIMEOUT_MS, type ManifestRead } from './chosenVersion';
import { sitePagesFrom, type RemoteVersion } from './loadedVersion';

/**
 * Every fetch the federation runtime makes on the server, the host's and each remote container's,
 * gives up after a while: a remote that accepts connections and never answers must not leave a
 * load pending for ever, which every later render of its pages would wait on.
 */
const fetchWithTimeout: ModuleFederationRuntimePlugin = {
  name: 'shell-server-fetch-timeout',
  fetch: (url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(RUNTIME_FETCH_TIMEOUT_MS) }),
};

/** Makes every fetch of the federation runtime give up after RUNTIME_FETCH_TIMEOUT_MS. */
export function timeOutRuntimeFetches(): void {
  registerGlobalPlugins([fetchWithTimeout]);
  registerPlugins([fetchWithTimeout]);
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
  const forget = () => loadsInProcess.get(name) === mine && loadsInProcess.delete(name);
  void mine.then(forget, forget);
  return mine;
}

/** Loads every module the shell uses from one version, and that version's strings. */
export function loadRemoteVersion(read: ManifestRead): Promise<RemoteVersion> {
  return oneLoadAtATime(read.name, () =>
    load(read).catch(async (error: unknown) => {
      throw await withServerEntryStatus(error, read);
    }),
  );
}

/**
 * The failure, or, when the version's Node container does not answer 200, that answer. The runtime
 * fetches the container without its fetch hook (so without the timeout above: the release gate's
 * budget bounds it) and runs whatever body came back (a host's "not found" page), so its own
 * message is a syntax error that tells the operator nothing.
 */
async function withServerEntryStatus(error: unknown, { manifest, manifestUrl }: ManifestRead) {
  const entryUrl = serverEntryUrlOf(manifest, manifestUrl);
  if (!entryUrl) return error;
  const response = await fetch(entryUrl, {
    method: 'HEAD',
    signal: AbortSignal.timeout(RUNTIME_FETCH_TIMEOUT_MS),
  }).catch(() => null);
  if (!response || response.ok) return error;
  return new Error(`${entryUrl} answered ${response.status}`, { cause: error });
}

async function load({ name, manifestUrl, manifest, version, etag }: ManifestRead): Promise<RemoteVersion> {
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
  // The version's own strings in each language it has, from the loader its modules registered as
  // they loaded: a version whose strings cannot be read fails here rather than borrow another's.
  const languages = languagesOf(manifest);
  const strings = Object.fromEntries(
    await Promise.all(
      languages.map(async (language) => [language, await loadNamespaceStrings(name, language)]),
    ),
  );
  return {
    name,
    manifestUrl,
    version,
    etag,
    pages: new Map(pages),
    sitePages,
    languages,
    strings,
    stylesheets: stylesheetsOf(manifest, manifestUrl),
    scripts: scriptsOf(manifest, manifestUrl),
    localeScripts: localeScriptsOf(manifest, manifestUrl),
  };
}

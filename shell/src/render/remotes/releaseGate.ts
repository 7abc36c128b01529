// The release gate: the only way a version of a remote goes live on this server, one way through
// this folder: the registry document's named version (chosenVersion.ts), loaded (loadVersion.ts,
// loadedVersion.ts), switched to in the remote's record (remoteRecord.ts). It reads what the
// registry names, loads that version, has every page it lists rendered (first versions included),
// and only then switches the remote's record to it; on a server with none yet, an earlier version
// the registry lists stands in for a named one that fails. The renderer is handed in, never imported.
import { DEFAULT_LANGUAGE, LANGUAGE_PARAM } from 'shared-i18n';
import type { RemoteRegistry } from '../../remotes/remoteRegistry';
import type { RemoteName } from '../../remotes/remoteContracts';
import { codeOriginsOf } from '../../remotes/remoteManifest';
import { assertAllowed, readManifest, type ManifestRead } from './chosenVersion';
import { loadRemoteVersion } from './loadVersion';
import { withinBudget, type RemoteVersion } from './loadedVersion';
import type { Fallback, RemoteVersions } from './remoteRecord';

/** Longest a new version may take to load and pass; a check that never ends would block the next. */
const CHECK_BUDGET_MS = 60_000;

export interface ReleaseGateOptions {
  readRegistry: () => Promise<RemoteRegistry>;
  /**
   * The only origins remote code is loaded from (the environment's release hosts): a registry
   * naming any other is refused. Not given: any origin the registry names.
   */
  remoteOrigins?: readonly string[];
  /**
   * Renders a URL with `candidate` in place of its remote's live version (the real renderer),
   * keeping the HTML for visitors if `keep`.
   */
  renderCandidate: (url: URL, candidate: RemoteVersion, keep: boolean) => Promise<{ status: number }>;
  /** Told of every failure to load or check a remote's version (the server's metrics). */
  onRemoteFailure?: (name: RemoteName) => void;
  log: { info: (message: string) => void; error: (message: string, error?: unknown) => void };
}

/** What one pass of the gate has learnt of the version it looks at, for its failure report. */
interface Attempt {
  label: string | null;
}

/**
 * Asks the registry which version of `remote` to render and takes it if it passes. A broken
 * release, or a host that stops answering, leaves the live version in place. A server with no
 * version of the remote yet, whose named version fails, renders the newest earlier version the
 * registry lists (`previous`) that passes, until the registry names one that does.
 */
export async function passReleaseGate(remote: RemoteVersions, gate: ReleaseGateOptions): Promise<void> {
  const attempt: Attempt = { label: null };
  let registry: RemoteRegistry | null = null;
  try {
    registry = await gate.readRegistry();
    const named = await readNamedVersion(remote, registry.remotes[remote.name], gate, attempt);
    if (!named || named.version === remote.live?.version) {
      remote.fallback = null;
      return;
    }
    const kept = remote.keptVersion(named.version);
    if (kept) {
      switchTo(remote, kept, gate);
      return;
    }
    if (remote.failedLately(named.version)) return;
    switchTo(remote, await loadAndVerify(named, remote, gate), gate);
  } catch (error) {
    const isNew = reportFailure(remote, attempt.label, error, gate);
    if (!remote.live && registry) {
      const failed = { named: attempt.label ?? remote.name, reason: messageOf(error) };
      await fallBack(remote, earlierVersions(registry, remote.name), failed, gate, isNew);
    }
  }
}

/** Loads a version and has every page it lists rendered; the version, once it passed. */
function loadAndVerify(read: ManifestRead, remote: RemoteVersions, gate: ReleaseGateOptions) {
  assertAllowed(gate.remoteOrigins, codeOriginsOf(read.manifest, read.manifestUrl), read.manifestUrl);
  return withinBudget(
    loadRemoteVersion(read).then(async (loaded) => {
      // A release's renders are kept, so its first visitors find them ready; a first version's
      // are not: a server just started keeps (and counts) what its visitors ask for.
      await verify(loaded, (url) => gate.renderCandidate(url, loaded, remote.live !== null));
      return loaded;
    }),
    CHECK_BUDGET_MS,
    `checking ${read.version}`,
  );
}

/** The manifest URLs live before the one named, newest first, the named one left out. */
function earlierVersions(registry: RemoteRegistry, name: RemoteName): readonly string[] {
  return (registry.previous?.[name] ?? []).filter((url) => url !== registry.remotes[name]);
}

/**
 * Renders the newest of `earlier` that passes, in place of the named version that failed: said
 * on the status (`fallback`) and, once, in the log. `isNew`: the named version's failure is new
 * (a failure repeated every retry is not logged again).
 */
async function fallBack(
  remote: RemoteVersions,
  earlier: readonly string[],
  failed: Fallback,
  gate: ReleaseGateOptions,
  isNew: boolean,
): Promise<void> {
  const refusals: string[] = [];
  for (const manifestUrl of earlier) {
    try {
      assertAllowed(gate.remoteOrigins, [new URL(manifestUrl).origin], manifestUrl);
      const version = await loadAndVerify(await readManifest(remote.name, manifestUrl), remote, gate);
      remote.switchTo(version, failed);
      gate.log.error(
        `[shell] ${remote.name}: rendering ${version.version}, an earlier version, in place of ${failed.named} (${failed.reason})`,
      );
      return;
    } catch (error) {
      refusals.push(`${manifestUrl}: ${messageOf(error)}`);
      gate.onRemoteFailure?.(remote.name);
    }
  }
  if (refusals.length > 0 && isNew) {
    gate.log.error(`[shell] ${remote.name}: no earlier version renders either (${refusals.join('; ')})`);
  }
}

/**
 * The version the registry names, its manifest read (and `remote.named` set to it); null when the
 * host answered that the live version's manifest has not changed.
 */
async function readNamedVersion(
  remote: RemoteVersions,
  manifestUrl: string,
  gate: ReleaseGateOptions,
  attempt: Attempt,
): Promise<ManifestRead | null> {
  const { live, name } = remote;
  // Until its manifest is read, a version is known by its URL only.
  attempt.label = manifestUrl;
  assertAllowed(gate.remoteOrigins, [new URL(manifestUrl).origin], manifestUrl);
  const read = await readManifest(name, manifestUrl, live?.manifestUrl === manifestUrl ? live : null);
  if (!read) {
    remote.named = live?.version ?? null;
    return null;
  }
  attempt.label = remote.named = read.version;
  return read;
}

/**
 * A version goes live only if it has English, the site's default, and every page it lists renders
 * in each language the version has with no failure: its HTML answers 200. In the site's other
 * languages its pages show in English, which the English render has checked.
 */
async function verify(candidate: RemoteVersion, render: (url: URL) => Promise<{ status: number }>) {
  if (!candidate.languages.includes(DEFAULT_LANGUAGE)) {
    throw new Error(`${candidate.version} has no ${DEFAULT_LANGUAGE} strings, the site's default language`);
  }
  for (const { path } of candidate.sitePages) {
    for (const language of candidate.languages) {
      const url = new URL(path, 'http://shell.invalid');
      if (language !== DEFAULT_LANGUAGE) url.searchParams.set(LANGUAGE_PARAM, language);
      const { status } = await render(url);
      if (status !== 200) {
        throw new Error(`${url.pathname}${url.search} answered ${status} with ${candidate.version}`);
      }
    }
  }
}

function switchTo(remote: RemoteVersions, version: RemoteVersion, gate: ReleaseGateOptions): void {
  remote.switchTo(version);
  gate.log.info(`[shell] ${remote.name}: rendering ${version.version}`);
}

/** Records a failure, logged when it is new; whether it was. */
function reportFailure(
  remote: RemoteVersions,
  label: string | null,
  error: unknown,
  gate: ReleaseGateOptions,
): boolean {
  const isNew = remote.fail(label, messageOf(error));
  gate.onRemoteFailure?.(remote.name);
  // Logged when it starts, not every second while a host stays down.
  if (!isNew) return false;
  const kept = remote.live ? `kept ${remote.live.version}` : 'no version to render';
  gate.log.error(`[shell] ${remote.name}: ${label ?? 'its registry entry'} was not taken (${kept})`, error);
  return true;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

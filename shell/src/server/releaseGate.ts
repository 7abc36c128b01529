// The release gate: the only way a version of a remote goes live on this server. It reads what the
// registry names, loads that version, has every page it lists rendered (first versions included),
// and only then switches the remote's record to it. The renderer is handed in, never imported.
import { createHash } from 'node:crypto';
import { DEFAULT_LANGUAGE, LANGUAGE_PARAM, SUPPORTED_LANGUAGES } from 'shared-i18n';
import type { RemoteRegistry } from '../remotes/remoteRegistry';
import type { RemoteName } from '../remotes/remoteContracts';
import { codeOriginsOf, type RemoteManifest } from '../remotes/remoteManifest';
import { loadRemoteVersion, RUNTIME_FETCH_TIMEOUT_MS, type ManifestRead } from './loadRemoteVersion';
import { withinBudget, type RemoteVersion } from './remoteVersion';
import type { RemoteVersions } from './remoteVersions';

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
 * release, or a host that stops answering, leaves the live version in place; a first version that
 * fails leaves none, and the remote's pages answer their fallback (503) until one passes.
 */
export async function passReleaseGate(remote: RemoteVersions, gate: ReleaseGateOptions): Promise<void> {
  const attempt: Attempt = { label: null };
  try {
    const named = await readNamedVersion(remote, gate, attempt);
    if (!named || named.version === remote.live?.version) return;
    const kept = remote.keptVersion(named.version);
    if (kept) {
      switchTo(remote, kept, gate);
      return;
    }
    if (remote.failedLately(named.version)) return;
    assertAllowed(gate, codeOriginsOf(named.manifest, named.manifestUrl), named.manifestUrl);
    const candidate = await withinBudget(
      loadRemoteVersion(named).then(async (loaded) => {
        // A release's renders are kept, so its first visitors find them ready; a first version's
        // are not: a server just started keeps (and counts) what its visitors ask for.
        await verify(loaded, (url) => gate.renderCandidate(url, loaded, remote.live !== null));
        return loaded;
      }),
      CHECK_BUDGET_MS,
      `checking ${named.version}`,
    );
    switchTo(remote, candidate, gate);
  } catch (error) {
    reportFailure(remote, attempt.label, error, gate);
  }
}

/**
 * The version the registry names, its manifest read (and `remote.named` set to it); null when the
 * host answered that the live version's manifest has not changed.
 */
async function readNamedVersion(
  remote: RemoteVersions,
  gate: ReleaseGateOptions,
  attempt: Attempt,
): Promise<ManifestRead | null> {
  const { live, name } = remote;
  const manifestUrl = (await gate.readRegistry()).remotes[name];
  // Until its manifest is read, a version is known by its URL only.
  attempt.label = manifestUrl;
  assertAllowed(gate, [new URL(manifestUrl).origin], manifestUrl);
  const sameUrl = live?.manifestUrl === manifestUrl;
  const response = await fetch(manifestUrl, {
    headers: sameUrl && live.etag ? { 'If-None-Match': live.etag } : {},
    signal: AbortSignal.timeout(RUNTIME_FETCH_TIMEOUT_MS),
  });
  if (response.status === 304 && live && sameUrl) {
    remote.named = live.version;
    return null;
  }
  if (!response.ok) throw new Error(`${manifestUrl} answered ${response.status}`);
  const text = await response.text();
  const etag = response.headers.get('etag');
  const version = `${manifestUrl} ${etag ?? createHash('sha1').update(text).digest('base64url')}`;
  attempt.label = version;
  remote.named = version;
  return { name, manifestUrl, manifest: JSON.parse(text) as RemoteManifest, version, etag };
}

/**
 * A version goes live only if every page it lists renders, in every language, with no failure:
 * its HTML answers 200.
 */
async function verify(candidate: RemoteVersion, render: (url: URL) => Promise<{ status: number }>) {
  for (const { path } of candidate.sitePages) {
    for (const language of SUPPORTED_LANGUAGES) {
      const url = new URL(path, 'http://shell.invalid');
      if (language !== DEFAULT_LANGUAGE) url.searchParams.set(LANGUAGE_PARAM, language);
      const { status } = await render(url);
      if (status !== 200) {
        throw new Error(`${url.pathname}${url.search} answered ${status} with ${candidate.version}`);
      }
    }
  }
}

/** Refuses code from any origin but the environment's release hosts, when they are named. */
function assertAllowed(gate: ReleaseGateOptions, origins: readonly string[], manifestUrl: string): void {
  const allowed = gate.remoteOrigins;
  const refused = allowed && origins.find((origin) => !allowed.includes(origin));
  if (refused) throw new Error(`${manifestUrl} loads code from ${refused}, not an allowed release host`);
}

function switchTo(remote: RemoteVersions, version: RemoteVersion, gate: ReleaseGateOptions): void {
  remote.switchTo(version);
  gate.log.info(`[shell] ${remote.name}: rendering ${version.version}`);
}

function reportFailure(
  remote: RemoteVersions,
  label: string | null,
  error: unknown,
  gate: ReleaseGateOptions,
) {
  const reason = error instanceof Error ? error.message : String(error);
  const isNew = remote.fail(label, reason);
  gate.onRemoteFailure?.(remote.name);
  // Logged when it starts, not every second while a host stays down.
  if (!isNew) return;
  const kept = remote.live ? `kept ${remote.live.version}` : 'no version to render';
  gate.log.error(`[shell] ${remote.name}: ${label ?? 'its registry entry'} was not taken (${kept})`, error);
}

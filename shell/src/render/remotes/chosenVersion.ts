// A version of a remote as chosen, before it is loaded: the manifest the registry document (or a
// preview link) names, read, and whether its code may be loaded here at all. Loading it is
// loadVersion.ts's; taking it live, releaseGate.ts's.
import { createHash } from 'node:crypto';
import type { RemoteName } from '../../remotes/remoteContracts';
import type { RemoteManifest } from '../../remotes/remoteManifest';
import type { RemoteVersion } from './loadedVersion';

/** Longest any single request of the federation runtime may take (manifest, container, chunk). */
export const RUNTIME_FETCH_TIMEOUT_MS = 5000;

/** A version named by the registry whose manifest has been read, not loaded yet. */
export interface ManifestRead {
  name: RemoteName;
  manifestUrl: string;
  manifest: RemoteManifest;
  version: string;
  etag: string | null;
}

/** A version's manifest, read; null when `unchangedFrom` is the version the host still serves (304). */
export function readManifest(name: RemoteName, manifestUrl: string): Promise<ManifestRead>;
export function readManifest(
  name: RemoteName,
  manifestUrl: string,
  unchangedFrom: RemoteVersion | null,
): Promise<ManifestRead | null>;
export async function readManifest(
  name: RemoteName,
  manifestUrl: string,
  unchangedFrom: RemoteVersion | null = null,
): Promise<ManifestRead | null> {
  const response = await fetch(manifestUrl, {
    headers: unchangedFrom?.etag ? { 'If-None-Match': unchangedFrom.etag } : {},
    signal: AbortSignal.timeout(RUNTIME_FETCH_TIMEOUT_MS),
  });
  if (response.status === 304 && unchangedFrom) return null;
  if (!response.ok) throw new Error(`${manifestUrl} answered ${response.status}`);
  const text = await response.text();
  const etag = response.headers.get('etag');
  const version = `${manifestUrl} ${etag ?? createHash('sha1').update(text).digest('base64url')}`;
  return { name, manifestUrl, manifest: JSON.parse(text) as RemoteManifest, version, etag };
}

/** Refuses code from any origin but the allowed ones (the environment's release hosts), when named. */
export function assertAllowed(
  allowed: readonly string[] | undefined,
  origins: readonly string[],
  manifestUrl: string,
): void {
  const refused = allowed && origins.find((origin) => !allowed.includes(origin));
  if (refused) throw new Error(`${manifestUrl} loads code from ${refused}, not an allowed release host`);
}

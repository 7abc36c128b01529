import { expect } from '@playwright/test';
import { REMOTE_APPS } from 'build-tools/apps';

export type RemoteName = 'marketing' | 'booking' | 'contact';

/** What the shell's server tells its operator about one remote (GET /_shell/status). */
export interface RemoteStatus {
  named: string | null;
  rendering: string | null;
  lastFailure: { version: string | null; reason: string; at: string } | null;
  /** Set while an earlier version stands in for the one named, which failed on a server with none. */
  fallback: { named: string; reason: string } | null;
}

/** One remote's status, from the shell server at `shellUrl` (tests run on its host: loopback). */
export async function remoteStatus(shellUrl: string, remote: RemoteName): Promise<RemoteStatus> {
  const response = await fetch(new URL('/_shell/status', shellUrl));
  expect(response.status).toBe(200);
  const { remotes } = (await response.json()) as { remotes: Record<RemoteName, RemoteStatus> };
  return remotes[remote];
}

/**
 * Waits until the shell server at `shellUrl` renders a version of every remote: a server just
 * started loads them in the background, and a page asked for before that may answer 503.
 */
export async function everyRemoteLoaded(shellUrl: string): Promise<void> {
  await expect
    .poll(async () => {
      const statuses = await Promise.all(
        REMOTE_APPS.map((app) => remoteStatus(shellUrl, app.name as RemoteName)),
      );
      return statuses.every((status) => status.rendering !== null);
    })
    .toBe(true);
}

/**
 * Until the shell server at `shellUrl` renders the version of `remote` at `manifestUrl` (a
 * version is its manifest URL and ETag), within `timeout` ms.
 */
export async function rendersManifest(
  shellUrl: string,
  remote: RemoteName,
  manifestUrl: string | undefined,
  timeout = 10_000,
): Promise<void> {
  await expect
    .poll(async () => (await remoteStatus(shellUrl, remote)).rendering?.startsWith(`${manifestUrl} `), {
      timeout,
      intervals: [50],
    })
    .toBe(true);
}

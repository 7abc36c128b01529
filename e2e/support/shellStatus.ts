import { expect } from '@playwright/test';
import { REMOTE_APPS } from 'build-tools/apps';
import { checkStatusPageRemotes, type RemoteStatus } from 'shell/status-page';

export type RemoteName = 'marketing' | 'booking' | 'contact';

export type { RemoteStatus } from 'shell/status-page';

/** One remote's status, from the shell server at `shellUrl` (tests run on its host: loopback). */
export async function remoteStatus(shellUrl: string, remote: RemoteName): Promise<RemoteStatus> {
  const response = await fetch(new URL('/_shell/status', shellUrl));
  expect(response.status).toBe(200);
  const status = checkStatusPageRemotes(await response.json(), response.url)[remote];
  if (!status) throw new Error(`the shell does not know a remote named ${remote}`);
  return status;
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

// Verifying a candidate version through the real shell server before a command makes it live:
// the check itself (verifyRelease), and how `release` and `promote` run it (verifyCandidate).
import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import writeFileAtomic from 'write-file-atomic';
import { readServerSettings, serveShell } from 'shell/server';
import { checkStatusPageRemotes } from 'shell/status-page';

/** How often the verifying server asks the registry, and how long a verification may take. */
const CHECK_EVERY_MS = 200;
const VERIFY_TIMEOUT_MS = 120_000;

/**
 * @typedef {typeof verifyRelease} VerifyCheck the verification a candidate must pass before it goes
 *   live (tests pass one that needs no shell build)
 */

/** @typedef {import('shell/status-page').RemoteStatus} RemoteStatus */

/**
 * Verifies a candidate version of one remote with the real shell server, as the running servers
 * will before they switch to it: a shell server of its own, started on the live registry, is
 * pointed at the candidate and loads it, then renders every page the remote lists in every
 * language; the candidate passes only if that server takes it. Nothing a visitor reaches is
 * involved, and the live registry is not changed.
 *
 * @param {{ registry: import('release-registry').RegistryDocument, remote: string, candidate: string, log: (line: string) => void }} check
 */
export async function verifyRelease({ registry, remote, candidate, log }) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'release-verify-'));
  const registryFile = path.join(folder, 'remotes.json');
  const writeRegistry = (/** @type {Record<string, string>} */ remotes) =>
    writeFileAtomic(registryFile, JSON.stringify({ ...registry, remotes }));
  await writeRegistry(registry.remotes);
  // The environment's release hosts and public settings, as its shell servers have them; none of
  // their other settings (the cache of their registry is theirs).
  const { remoteOrigins, publicEnvironment } = readServerSettings();
  const server = await serveShell({
    port: 0,
    registryFile,
    manifestTtlMs: CHECK_EVERY_MS,
    settings: { logLevel: 'silent', remoteOrigins, publicEnvironment },
  });
  const deadline = Date.now() + VERIFY_TIMEOUT_MS;
  const statusOf = async () => {
    const page = `${server.url}/_shell/status`;
    const remotes = checkStatusPageRemotes(await (await fetch(page)).json(), page);
    const status = remotes[remote];
    if (!status) throw new Error(`the shell does not know a remote named ${remote}`);
    return status;
  };
  /** @param {(status: RemoteStatus) => boolean} done @param {string} what */
  const waitFor = async (done, what) => {
    for (;;) {
      const status = await statusOf();
      if (done(status)) return status;
      if (Date.now() > deadline) throw new Error(`verification timed out ${what}`);
      await new Promise((resolve) => setTimeout(resolve, CHECK_EVERY_MS / 2));
    }
  };
  // A version is named by its manifest URL and ETag ("<url> <etag>"), or by its URL alone when it
  // failed before its manifest was read (a missing file, a host that does not answer).
  const isVersion = (/** @type {string | null | undefined} */ label, /** @type {string} */ url) =>
    label === url || Boolean(label?.startsWith(`${url} `));
  try {
    const live = registry.remotes[remote];
    if (live) {
      log(`verifying with the shell's server: loading the live version first`);
      // A live version that fails (forced live past verification) is what the candidate replaces:
      // the switch is verified from whatever the server renders in its place.
      const before = await waitFor(
        (status) => isVersion(status.rendering, live) || isVersion(status.lastFailure?.version, live),
        `loading the live version ${live}`,
      );
      if (!isVersion(before.rendering, live))
        log(
          `the live version fails on the shell's server (${before.lastFailure?.reason}): verifying the candidate in its place`,
        );
    }
    const switchedAt = Date.now();
    await writeRegistry({ ...registry.remotes, [remote]: candidate });
    log(`verifying with the shell's server: every page ${remote} lists, in each language the version has`);
    const status = await waitFor(
      (status) =>
        isVersion(status.rendering, candidate) ||
        (isVersion(status.lastFailure?.version, candidate) &&
          Date.parse(status.lastFailure?.at ?? '') >= switchedAt),
      `verifying ${candidate}`,
    );
    if (!isVersion(status.rendering, candidate)) {
      throw new Error(status.lastFailure?.reason ?? 'the shell did not take it');
    }
  } finally {
    await server.close();
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * What `release` and `promote` do before they make a candidate live in an environment: verifyRelease
 * on the environment's registry as the command read it, or a line saying it was skipped (`verify`
 * false: the shell servers still check it before they switch). Throws when a page fails, or when
 * the environment has no registry to verify on.
 * @param {{ registry: import('release-registry').RegistryDocument | null, environment: string, remote: string, candidate: string, verify: boolean, log: (line: string) => void, check?: VerifyCheck }} request
 */
export async function verifyCandidate({
  registry,
  environment,
  remote,
  candidate,
  verify,
  log,
  check = verifyRelease,
}) {
  if (!verify) {
    log('not verified (--no-verify): the shell servers still refuse it if it fails to load or render');
    return;
  }
  if (!registry) {
    throw new Error(
      `${environment} has no registry yet: locally, run npm start once; elsewhere its first version needs --no-verify`,
    );
  }
  await check({ registry, remote, candidate, log });
  log(`verified on ${environment}'s registry: every page answers 200 in each language the version has`);
}

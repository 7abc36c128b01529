// Releases beyond one machine (docs/releases.md): versions on an S3 bucket, the registry in
// Postgres, shell servers in working directories of their own, and a team's release command run
// as its CI runs it, from a folder that holds only its build. Nothing passes through a shared
// folder: the bucket and the database are reached over the network.
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { tmpdir } from 'node:os';
import { publishEveryRemote, releaseEnvironment } from 'release-tools';
import { grantRelease, startPostgresForTests, startS3Server } from 'release-tools/local-services';
import { test, expect, pageHeading } from '../support/fixtures';
import { anotherVersionOf, versionWithText } from '../support/candidateBuild';
import { contactCopy } from '../support/contactForm';
import { firstPageInteractive } from '../support/firstLoad';
import { fetchServerHtml, serverState } from '../support/serverHtml';
import { startShellProcess } from '../support/shellProcess';
import { everyRemoteLoaded, rendersManifest } from '../support/shellStatus';
import { teamCommand } from '../support/releaseCommand';

const ENVIRONMENT = 'production';

type Started<T extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<T>>;
let bucket: Started<typeof startS3Server>;
let database: Started<typeof startPostgresForTests>;
let teamVariables: Record<string, string>;
const shells: Started<typeof startShellProcess>[] = [];
const folders: string[] = [];

/** A folder of the test's own, deleted after the file's tests. */
function ownFolder(name: string) {
  const folder = mkdtempSync(path.join(tmpdir(), `e2e-${name}-`));
  folders.push(folder);
  return folder;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  [bucket, database] = await Promise.all([startS3Server('releases'), startPostgresForTests()]);
  teamVariables = {
    RELEASES_BUCKET: 's3://releases/site/',
    RELEASES_S3_ENDPOINT: bucket.endpoint,
    RELEASES_REGISTRY_URL: database.databaseUrl,
    RELEASES_ENV: ENVIRONMENT,
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
  };
  // The operator's first publish of every remote, and its grants to the teams' roles.
  const env = releaseEnvironment({ ...process.env, ...teamVariables });
  await publishEveryRemote(env);
  for (const [grantee, remote, environment] of [
    ['release_contact', 'contact', ENVIRONMENT],
    ['release_booking', 'booking', 'staging'],
    ['release_booking', 'booking', ENVIRONMENT],
  ] as const) {
    await grantRelease(database.databaseUrl, { grantee, remote, environment });
  }
  const shellVariables = {
    SHELL_REGISTRY_URL: database.databaseUrl,
    RELEASES_ENV: ENVIRONMENT,
    SHELL_REMOTE_ORIGINS: bucket.endpoint,
  };
  shells.push(
    ...(await Promise.all(
      [0, 1].map(() => startShellProcess(shellVariables, { cwd: ownFolder('shell-elsewhere') })),
    )),
  );
  await Promise.all(shells.map((shell) => everyRemoteLoaded(shell.url)));
});

test.afterAll(async () => {
  await Promise.all(shells.map((shell) => shell.close()));
  await Promise.all([bucket?.close(), database?.close()]);
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

test("a team's release from a folder of its own reaches both shell servers through the bucket and the database, and its rollback too", async ({
  page,
}) => {
  const env = releaseEnvironment({ ...process.env, ...teamVariables });
  const first = (await env.registry.read())?.remotes.contact;
  const title = contactCopy('es', 'title');
  const changedTitle = `${title} (nueva versión)`;
  // The team's CI checkout: a folder named after its package, holding only the build it made.
  const checkout = path.join(ownFolder('team-ci'), 'remote-contact');
  mkdirSync(checkout);
  cpSync(
    versionWithText('remote-contact', 'contact-across-machines', title, changedTitle),
    path.join(checkout, 'dist'),
    {
      recursive: true,
    },
  );
  const asTheTeam = {
    ...teamVariables,
    RELEASES_REGISTRY_ROLE: 'release_contact',
    RELEASE_ACTOR: 'contact-ci',
  };

  const released = await teamCommand(
    checkout,
    ['release', '--env', ENVIRONMENT, '--dist', 'dist'],
    asTheTeam,
  );
  expect(released.output).not.toContain('failed');
  expect(released.code).toBe(0);
  const [change] = (await env.registry.history('contact')).slice(-1);
  expect(change).toMatchObject({ action: 'release', actor: 'contact-ci', environment: ENVIRONMENT });
  expect(change?.to.startsWith(`${bucket.endpoint}/releases/site/remote-contact/releases/`)).toBe(true);

  for (const manifestUrl of [change?.to, first]) {
    if (manifestUrl === first) {
      const rolledBack = await teamCommand(checkout, ['rollback', '--env', ENVIRONMENT], asTheTeam);
      expect(rolledBack.code).toBe(0);
    }
    const changedAt = Date.parse((await env.registry.history('contact')).at(-1)?.at ?? '');
    // How soon is the bench's to judge (bench:releases, under load); here: that both converge.
    await Promise.all(shells.map((shell) => rendersManifest(shell.url, 'contact', manifestUrl)));
    test.info().annotations.push({ type: 'converged', description: `${Date.now() - changedAt} ms` });
    for (const shell of shells) {
      const html = await fetchServerHtml(`${shell.url}/contact?lang=es`);
      expect(html.status).toBe(200);
      expect(html.heading).toBe(manifestUrl === first ? title : changedTitle);
      expect(serverState<{ remoteManifests: Record<string, string> }>(html).remoteManifests?.contact).toBe(
        manifestUrl,
      );
    }
    if (manifestUrl === first) continue;
    // The browser hydrates the page with the version's files from the bucket (its CORS rule).
    const fromBucket: string[] = [];
    page.on('response', (response) => {
      if (response.url().startsWith(bucket.endpoint) && response.ok()) fromBucket.push(response.url());
    });
    await page.goto(`${shells[0]?.url}/contact?lang=es`);
    await firstPageInteractive(page);
    await expect(pageHeading(page)).toHaveText(changedTitle);
    expect(fromBucket.some((url) => url.endsWith('/remoteEntry.js'))).toBe(true);
  }
});

test("promote makes the version staging verified live in production, the same files, rendered with production's backend", async () => {
  const checkout = path.join(ownFolder('team-ci'), 'remote-booking');
  mkdirSync(checkout);
  cpSync(anotherVersionOf('remote-booking', 'booking-promoted'), path.join(checkout, 'dist'), {
    recursive: true,
  });
  const asTheTeam = { ...teamVariables, RELEASES_REGISTRY_ROLE: 'release_booking' };
  // Staging's first version is the operator's; then the team's release, verified with staging's settings.
  const stagingEnv = releaseEnvironment({ ...process.env, ...teamVariables, RELEASES_ENV: 'staging' });
  await publishEveryRemote(stagingEnv);
  // Staging: its own shell server, its own backend (nothing need answer there for the HTML).
  const stagingBackend = 'http://127.0.0.1:59873';
  const staging = await startShellProcess(
    {
      SHELL_REGISTRY_URL: database.databaseUrl,
      RELEASES_ENV: 'staging',
      SHELL_REMOTE_ORIGINS: bucket.endpoint,
      SUPABASE_URL: stagingBackend,
    },
    { cwd: ownFolder('shell-staging') },
  );
  shells.push(staging);
  await everyRemoteLoaded(staging.url);
  const released = await teamCommand(checkout, ['release', '--env', 'staging', '--dist', 'dist'], {
    ...asTheTeam,
    SUPABASE_URL: stagingBackend,
  });
  expect(released.code, released.output).toBe(0);
  const candidate = (await stagingEnv.registry.read())?.remotes.booking;
  await rendersManifest(staging.url, 'booking', candidate);

  // The version staging released, as the workflow passes it on (CI requires it).
  const version = stagingEnv.versionOf('booking', candidate ?? '');
  if (!version) throw new Error(`staging names no version of booking: ${candidate}`);
  const promoted = await teamCommand(
    checkout,
    ['promote', '--from', 'staging', '--to', ENVIRONMENT, '--version', version],
    asTheTeam,
  );
  expect(promoted.code, promoted.output).toBe(0);
  const production = shells.filter((shell) => shell !== staging);
  await Promise.all(production.map((shell) => rendersManifest(shell.url, 'booking', candidate)));
  for (const [shell, backend] of [
    [staging, stagingBackend],
    ...production.map((shell) => [shell, null] as const),
  ] as const) {
    const html = await fetchServerHtml(`${shell.url}/booking`);
    expect(html.status).toBe(200);
    expect(serverState<{ remoteManifests: Record<string, string> }>(html).remoteManifests?.booking).toBe(
      candidate,
    );
    const settings = html.document.getElementById('shell-public-settings')?.textContent ?? '';
    if (backend) expect(settings).toContain(backend);
    else expect(settings).not.toContain(stagingBackend);
  }
});

// No environment's clean-up reaches another's versions: staging's prune of a store it shares with
// production never deletes production's live version, its `previous`, or one live there within
// production's own keep window, whatever staging's job sets and whichever host production's
// registry names; with registry files, a prune that does not read every registry pointing at the
// store is refused.
import test from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { grantRelease, setRetention } from 'release-registry';
import { releaseEnvironment } from './environment.mjs';
import { writeBuildForTests } from './buildForTests.mjs';
import { prune, publishAsLive, release } from './releases.mjs';
import { postgresForTestFile } from './postgres/postgresForTestFile.mjs';
import { SHARED_STORE_KINDS } from './sharedStoreForTests.mjs';

const postgres = postgresForTestFile();

const DAY_MS = 24 * 60 * 60 * 1000;
const CLI = path.join(import.meta.dirname, 'cli.mjs');
const PACKAGE = path.resolve(import.meta.dirname, '..', '..', 'remote-marketing');
const log = () => {};

/**
 * Staging and production on one store; each job's own variables added to its environment's.
 * @param {string} kind @param {string} name
 * @param {{ staging?: NodeJS.ProcessEnv, production?: NodeJS.ProcessEnv }} [jobs]
 */
async function setUp(kind, name, jobs = {}) {
  const root = await mkdtemp(path.join(os.tmpdir(), 'shared-store-test-'));
  const variables = await SHARED_STORE_KINDS[kind]?.(root, name, postgres.databaseUrl);
  if (!variables) throw new Error(`no registry kind ${kind}`);
  const environment = (/** @type {NodeJS.ProcessEnv} */ own) =>
    postgres.closeAfter(
      releaseEnvironment({ ...own, RELEASE_ACTOR: 'alice', RELEASE_COMMIT: '3f9a2b1c0d2e' }),
    );
  const staging = environment({ ...variables.staging, ...jobs.staging });
  const production = environment({ ...variables.production, ...jobs.production });
  /** Releases, unverified, the build whose one file says `text` in `env`. */
  const releaseIn = async (/** @type {typeof staging} */ env, /** @type {string} */ text) =>
    release(env, {
      appName: 'marketing',
      buildDir: await writeBuildForTests(root, text),
      verify: false,
      log,
    });
  /** Releases one build after another, and returns their versions. */
  const releaseEach = async (/** @type {typeof staging} */ env, /** @type {string[]} */ texts) => {
    const versions = [];
    for (const text of texts) versions.push(await releaseIn(env, text));
    return versions;
  };
  const stored = async () => (await staging.store('marketing').list()).map(({ version }) => version);
  return { root, variables, staging, production, releaseEach, stored };
}

/** Production's seven releases: the last one live, the five before it its `previous`. */
const PRODUCTION = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7'];

/** @param {string[]} stored @param {string[]} versions @param {string} why */
function assertKept(stored, versions, why) {
  for (const version of versions) assert.ok(stored.includes(version), `${version} (${why}) was deleted`);
}

for (const kind of Object.keys(SHARED_STORE_KINDS)) {
  test(`${kind}: staging's prune at the defaults keeps all five versions in production's previous`, async () => {
    const { staging, production, releaseEach, stored } = await setUp(kind, 'defaults');
    const [p1 = '', ...rest] = await releaseEach(production, PRODUCTION);
    await releaseEach(staging, ['s1', 's2', 's3', 's4', 's5']);

    // Eight days on, production's versions are out of the seven days' window.
    const pruned = await prune(staging, 'marketing', { now: new Date(Date.now() + 8 * DAY_MS) });

    assertKept(await stored(), rest, "production's live version or in its previous");
    assert.deepEqual(pruned, [p1]);
  });

  test(`${kind}: staging's job keeping 1 version for 0 days deletes none of production's previous, nor what production's own window keeps`, async () => {
    const job = { RELEASES_KEEP: '1', RELEASES_KEEP_LIVE_DAYS: '0' };
    const { staging, production, releaseEach, stored } = await setUp(kind, 'staging-keeps-less', {
      staging: job,
    });
    const versions = await releaseEach(production, PRODUCTION);
    const [, s2 = ''] = await releaseEach(staging, ['s1', 's2']);

    await prune(staging, 'marketing', { now: new Date(Date.now() + 1000) });

    // p1 is in no previous, but was live in production within its seven days.
    assertKept(await stored(), versions, "live in production within production's window");
    assertKept(await stored(), [s2], "staging's live version");
  });

  test(`${kind}: production's registry naming its versions under its CDN keeps them from staging's prune`, async () => {
    const job = { RELEASES_KEEP: '1', RELEASES_KEEP_LIVE_DAYS: '0' };
    const { staging, production, releaseEach, stored } = await setUp(kind, 'cdn-host', {
      staging: job,
      production: { ...job, RELEASE_HOST_MARKETING: 'https://marketing.cdn.example' },
    });
    const versions = await releaseEach(production, ['p1', 'p2', 'p3']);
    assert.match(
      production.manifestUrl('marketing', versions[2] ?? ''),
      /^https:\/\/marketing\.cdn\.example\//,
    );
    // Staging's releases prune as they go, keeping one version for no days, as its job says.
    await releaseEach(staging, ['s1', 's2', 's3']);

    await prune(staging, 'marketing', { now: new Date(Date.now() + 1000) });

    assertKept(await stored(), versions, "production's live version or in its previous");
  });
}

test("file registries: a prune by staging's job that does not name production's registry is refused, naming it, and deletes nothing", async () => {
  const { root, variables, production, releaseEach, stored } = await setUp('file registries', 'unnamed');
  await releaseEach(production, ['p1', 'p2']);
  const alone = releaseEnvironment({ ...variables.staging, RELEASES_SHARED_REGISTRIES: '' });
  const before = await stored();

  await assert.rejects(
    prune(alone, 'marketing', { now: new Date(Date.now() + 8 * DAY_MS) }),
    (error) =>
      error instanceof Error &&
      error.message.includes(path.join(root, 'production', 'registry', 'remotes.json')) &&
      error.message.includes('RELEASES_SHARED_REGISTRIES'),
  );
  assert.deepEqual(await stored(), before);
});

test("the Postgres registry: the owner's keep settings hold for its environment, and a team's job may widen them, never narrow them", async () => {
  const name = 'owner-settings';
  const { production, stored, root } = await setUp('the Postgres registry', name);
  const environment = `${name}-production`;
  await setRetention(postgres.databaseUrl, { environment, keep: 5, keepLiveDays: 7 });
  await grantRelease(postgres.databaseUrl, {
    grantee: 'release_marketing',
    remote: 'marketing',
    environment,
  });
  const team = postgres.closeAfter(
    releaseEnvironment({
      RELEASES_DIR: path.join(root, 'releases'),
      RELEASES_REGISTRY_URL: postgres.databaseUrl,
      RELEASES_REGISTRY_ROLE: 'release_marketing',
      RELEASES_ENV: environment,
      RELEASES_KEEP: '1',
      RELEASES_KEEP_LIVE_DAYS: '0',
    }),
  );
  const versions = [];
  for (const text of ['t1', 't2', 't3', 't4', 't5', 't6', 't7', 't8']) {
    const buildDir = await writeBuildForTests(root, text);
    versions.push(await release(team, { appName: 'marketing', buildDir, verify: false, log }));
  }

  assert.deepEqual(await team.registry.retention(), { keep: 5, keepLiveDays: 7 });
  await prune(team, 'marketing', { now: new Date(Date.now() + 1000) });
  assertKept(await stored(), versions, "live within the owner's seven days");
  assert.deepEqual(await production.registry.retention(), { keep: 5, keepLiveDays: 7 });
});

test('prune --dry-run lists what would go and deletes nothing; prune then logs each deletion', async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'shared-store-test-'));
  const variables = {
    RELEASES_DIR: path.join(root, 'releases'),
    RELEASES_KEEP: '1',
    RELEASES_KEEP_LIVE_DAYS: '0',
  };
  const env = releaseEnvironment(variables);
  await publishAsLive(env, 'marketing', await writeBuildForTests(root, 'live'));
  const { version: unused } = await env.store('marketing').publish(await writeBuildForTests(root, 'unused'));
  await env.store('marketing').publish(await writeBuildForTests(root, 'newest'));
  const run = (/** @type {string[]} */ args) =>
    promisify(execFile)('node', [CLI, 'prune', ...args], {
      cwd: PACKAGE,
      env: { ...process.env, ...variables },
    });
  const count = async () => (await env.store('marketing').list()).length;

  const dry = await run(['--dry-run']);
  assert.match(dry.stdout, new RegExp(`would delete ${unused}`));
  assert.equal(await count(), 3);

  const real = await run([]);
  assert.match(real.stdout, new RegExp(`deleting ${unused}`));
  assert.equal(await count(), 2);
});

import test from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { mkdtemp } from 'node:fs/promises';
import { releaseEnvironment } from './environment.mjs';
import { writeBuildForTests } from './buildForTests.mjs';
import { publishAsLive, release, rollback } from './releases.mjs';
import { promote } from './promotion.mjs';
import { postgresForTestFile } from './postgres/postgresForTestFile.mjs';

const postgres = postgresForTestFile();

const log = () => {};

/**
 * Staging and production in one Postgres registry (environment names prefixed by the test's), and
 * one release host for both: a version has the same URL in every environment.
 */
async function setUp(/** @type {string} */ name) {
  const root = await mkdtemp(path.join(os.tmpdir(), 'promotion-test-'));
  const environment = (
    /** @type {string} */ env,
    /** @type {string} */ actor,
    /** @type {string} */ commit = `commit-of-${actor}`,
  ) => {
    const releases = releaseEnvironment({
      RELEASES_DIR: path.join(root, 'releases'),
      RELEASES_REGISTRY_URL: postgres.databaseUrl,
      RELEASES_ENV: `${name}-${env}`,
      RELEASE_ACTOR: actor,
      RELEASE_COMMIT: commit,
    });
    return postgres.closeAfter(releases);
  };
  const build = (/** @type {string} */ text) => writeBuildForTests(root, text);
  const staging = environment('staging', 'alice');
  const production = environment('production', 'bob');
  const live = async (/** @type {typeof staging} */ env) => (await env.registry.read())?.remotes.marketing;
  return { staging, production, build, live, environment };
}

test("promote makes the very manifest URL live in staging live in production, verified on production first, recorded as promote with production's actor and the commit the version was built from", async () => {
  const { staging, production, build, live } = await setUp('promote');
  await publishAsLive(production, 'marketing', await build('one'));
  await publishAsLive(staging, 'marketing', await build('one'));
  await release(staging, { appName: 'marketing', buildDir: await build('two'), verify: false, log });
  const productionBefore = await production.registry.read();
  /** @type {unknown[]} */
  const verified = [];

  await promote(
    { from: staging, to: production },
    { appName: 'marketing', verify: true, log, verifyCandidate: async (check) => void verified.push(check) },
  );

  const candidate = await live(staging);
  assert.equal(await live(production), candidate);
  assert.deepEqual(verified, [{ registry: productionBefore, remote: 'marketing', candidate, log }]);
  const last = (await production.registry.history('marketing')).at(-1);
  assert.deepEqual(
    {
      action: last?.action,
      to: last?.to,
      actor: last?.actor,
      commit: last?.commit,
      environment: last?.environment,
    },
    {
      action: 'promote',
      to: candidate,
      actor: 'bob',
      commit: 'commit-of-alice', // staging's job built and published it; bob's job only promotes it
      environment: 'promote-production',
    },
  );
});

test('a promotion that fails verification leaves production as it was', async () => {
  const { staging, production, build, live } = await setUp('refused');
  await publishAsLive(production, 'marketing', await build('one'));
  await publishAsLive(staging, 'marketing', await build('two'));
  const before = await live(production);

  const failing = async () => {
    throw new Error('/about answered 503');
  };
  await assert.rejects(
    promote(
      { from: staging, to: production },
      { appName: 'marketing', verify: true, log, verifyCandidate: failing },
    ),
    /answered 503/,
  );
  assert.equal(await live(production), before);
});

test('promotion needs a registry per environment: two environments of the file registry are refused', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'promotion-test-'));
  const file = (/** @type {string} */ env) => releaseEnvironment({ RELEASES_DIR: dir, RELEASES_ENV: env });
  await assert.rejects(
    promote({ from: file('staging'), to: file('production') }, { appName: 'marketing', verify: false, log }),
    /share one registry/,
  );
});

test('rollback --to goes back only to a version that passed verification in this environment (Postgres registry), and says why not', async () => {
  const { staging: env, build, live } = await setUp('rollback-to');
  const passes = async () => {};
  const releaseOf = (/** @type {string} */ text, /** @type {boolean} */ verify) =>
    build(text).then((buildDir) =>
      release(env, { appName: 'marketing', buildDir, verify, log, verifyCandidate: passes }),
    );
  const started = await publishAsLive(env, 'marketing', await build('one'));
  const verified = await releaseOf('two', true);
  const unverified = await releaseOf('three', false);
  await releaseOf('four', true);
  const fourth = await live(env);
  const neverLive = (await env.store('marketing').publish(await build('five'))).version;

  for (const to of [started, unverified]) {
    await assert.rejects(
      rollback(env, { appName: 'marketing', to, log }),
      new RegExp(`${to} was made live in rollback-to-staging without verification`),
    );
  }
  await assert.rejects(
    rollback(env, { appName: 'marketing', to: neverLive, log }),
    /was never made live in rollback-to-staging, so it never passed verification there/,
  );
  assert.equal(await live(env), fourth);

  await rollback(env, { appName: 'marketing', to: verified, log });
  assert.equal(await live(env), env.manifestUrl('marketing', verified));
  const rolledBack = (await env.registry.history('marketing')).at(-1);
  assert.deepEqual([rolledBack?.action, rolledBack?.verified], ['rollback', true]);
  await assert.rejects(rollback(env, { appName: 'marketing', to: verified, log }), /already live/);

  // Without --to, rollback goes back to the version live before: the one --to replaced.
  await rollback(env, { appName: 'marketing', log });
  assert.equal(await live(env), fourth);
});

test('promote --version makes exactly the approved version live, though staging has released a newer one since, and records its build commit', async () => {
  const { staging, production, build, live, environment } = await setUp('approved');
  await publishAsLive(production, 'marketing', await build('one'));
  await publishAsLive(staging, 'marketing', await build('one'));
  const approved = await release(staging, {
    appName: 'marketing',
    buildDir: await build('two'),
    verify: false,
    log,
  });
  // The next push's staging job, from a later commit, while production waits for its approval.
  const nextPush = environment('staging', 'alice', 'commit-of-the-next-push');
  await release(nextPush, { appName: 'marketing', buildDir: await build('three'), verify: false, log });

  await promote(
    { from: staging, to: production },
    { appName: 'marketing', version: approved, verify: false, log },
  );

  assert.equal(await live(production), production.manifestUrl('marketing', approved));
  const last = (await production.registry.history('marketing')).at(-1);
  assert.deepEqual([last?.action, last?.commit], ['promote', 'commit-of-alice']);
});

test('promote --version refuses a version not published, never live in staging, or rolled back there, and says why', async () => {
  const { staging, production, build, live } = await setUp('refuses');
  await publishAsLive(production, 'marketing', await build('one'));
  await publishAsLive(staging, 'marketing', await build('one'));
  const before = await live(production);
  const promoteVersion = (/** @type {string} */ version) =>
    promote({ from: staging, to: production }, { appName: 'marketing', version, verify: false, log });

  await assert.rejects(
    promoteVersion('20260101-000000000-0000000000'),
    /is not a published version of marketing/,
  );
  const neverLive = (await staging.store('marketing').publish(await build('unreleased'))).version;
  await assert.rejects(promoteVersion(neverLive), /was never live in refuses-staging/);
  const rolledBack = await release(staging, {
    appName: 'marketing',
    buildDir: await build('two'),
    verify: false,
    log,
  });
  await rollback(staging, { appName: 'marketing', log });
  await assert.rejects(promoteVersion(rolledBack), /was rolled back in refuses-staging at /);
  assert.equal(await live(production), before);
});

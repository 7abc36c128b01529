// Promotion from staging to production: what may be promoted, what production records, and that
// production stays as it was when a promotion is refused.
import test from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { mkdtemp } from 'node:fs/promises';
import { releaseEnvironment } from './environment.mjs';
import { writeBuildForTests } from './buildForTests.mjs';
import { publish, publishAsLive, release, rollback } from './releases.mjs';
import { promote } from './promotion.mjs';
import { postgresForTestFile } from './postgres/postgresForTestFile.mjs';

const postgres = postgresForTestFile();

const log = () => {};

/** A verification that passes: these tests have no shell build to render through. */
const passes = async () => {};

/**
 * Where each environment keeps its registry, by kind: one Postgres database (its environments) and
 * one store, or a folder each (its own registry file and store). A version has the same URL in
 * every environment either way.
 * @type {Record<string, (root: string, env: string) => NodeJS.ProcessEnv>}
 */
const REGISTRY_KINDS = {
  'the Postgres registry': (root) => ({
    RELEASES_DIR: path.join(root, 'releases'),
    RELEASES_REGISTRY_URL: postgres.databaseUrl,
  }),
  'the file registry': (root, env) => ({ RELEASES_DIR: path.join(root, env) }),
};

/**
 * Staging and production (environment names prefixed by the test's), in the Postgres registry
 * unless `kind` names another of REGISTRY_KINDS.
 */
async function setUp(/** @type {string} */ name, kind = 'the Postgres registry') {
  const root = await mkdtemp(path.join(os.tmpdir(), 'promotion-test-'));
  const registryOf = REGISTRY_KINDS[kind];
  if (!registryOf) throw new Error(`no registry kind ${kind}`);
  const environment = (
    /** @type {string} */ env,
    /** @type {string} */ actor,
    /** @type {string} */ commit = `commit-of-${actor}`,
  ) => {
    const releases = releaseEnvironment({
      ...registryOf(root, env),
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
  /** Releases the build whose one file says `text` in `env`, verified (a check that passes) unless told not. */
  const releaseIn = async (
    /** @type {typeof staging} */ env,
    /** @type {string} */ text,
    { verify = true, verifyCandidate = passes } = {},
  ) => release(env, { appName: 'marketing', buildDir: await build(text), verify, log, verifyCandidate });
  return { staging, production, build, live, environment, releaseIn };
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
  const { staging: env, build, live, releaseIn } = await setUp('rollback-to');
  const started = await publishAsLive(env, 'marketing', await build('one'));
  const verified = await releaseIn(env, 'two');
  const unverified = await releaseIn(env, 'three', { verify: false });
  await releaseIn(env, 'four');
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
  const { staging, production, build, live, environment, releaseIn } = await setUp('approved');
  await publishAsLive(production, 'marketing', await build('one'));
  await publishAsLive(staging, 'marketing', await build('one'));
  const approved = await releaseIn(staging, 'two');
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

test('promote --version refuses a version not published, never verified in staging, or rolled back there, and says why', async () => {
  const { staging, production, build, live, releaseIn } = await setUp('refuses');
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
  await assert.rejects(promoteVersion(neverLive), /was never made live in refuses-staging/);
  const rolledBack = await releaseIn(staging, 'two');
  await rollback(staging, { appName: 'marketing', log });
  await assert.rejects(promoteVersion(rolledBack), /was rolled back in refuses-staging at /);
  assert.equal(await live(production), before);
});

for (const kind of Object.keys(REGISTRY_KINDS)) {
  test(`${kind}: promote --version takes only a version that passed verification in staging, saying in one line which version and where when it refuses; production verifies it again and records its build's commit`, async () => {
    const { staging, production, build, live, releaseIn } = await setUp('verified-only', kind);
    await publishAsLive(production, 'marketing', await build('one'));
    await publishAsLive(staging, 'marketing', await build('one'));
    const before = await live(production);
    /** @type {string[]} */
    const verifiedInProduction = [];
    const promoteVersion = (/** @type {string} */ version) =>
      promote(
        { from: staging, to: production },
        {
          appName: 'marketing',
          version,
          verify: true,
          log,
          verifyCandidate: async ({ candidate }) => void verifiedInProduction.push(candidate),
        },
      );
    /**
     * The refusal: one line, naming the version and staging, saying why.
     * @param {string} version @param {RegExp} why
     */
    const refusal = (version, why) => (/** @type {Error} */ error) =>
      !error.message.includes('\n') &&
      error.message.includes(`${version} was `) &&
      error.message.includes(' in verified-only-staging') &&
      why.test(error.message);

    const publishedOnly = await publish(staging, {
      appName: 'marketing',
      buildDir: await build('published only'),
      verify: false,
      log,
    });
    const failing = async () => {
      throw new Error('/about answered 503');
    };
    await assert.rejects(releaseIn(staging, 'failed', { verifyCandidate: failing }), /answered 503/);
    const failed = (await staging.store('marketing').publish(await build('failed'))).version;
    const unverified = await releaseIn(staging, 'unverified', { verify: false });

    for (const version of [publishedOnly, failed]) {
      await assert.rejects(promoteVersion(version), refusal(version, /never passed verification there/));
    }
    await assert.rejects(promoteVersion(unverified), refusal(unverified, /without verification/));
    assert.equal(await live(production), before);
    assert.deepEqual(verifiedInProduction, []);

    const verified = await releaseIn(staging, 'verified');
    await releaseIn(staging, 'newer');
    await promoteVersion(verified);

    const candidate = staging.manifestUrl('marketing', verified);
    assert.equal(await live(production), candidate);
    assert.deepEqual(verifiedInProduction, [candidate]);
    const last = (await production.registry.history('marketing')).at(-1);
    assert.deepEqual(
      { action: last?.action, to: last?.to, commit: last?.commit, verified: last?.verified },
      { action: 'promote', to: candidate, commit: 'commit-of-alice', verified: true },
    );
  });
}

test("production's first version cannot be verified, having no registry to verify on: promote says so, and with --no-verify says it was not verified", async () => {
  const { staging, production, build, live } = await setUp('first');
  await publishAsLive(staging, 'marketing', await build('one'));
  /** @type {string[]} */
  const lines = [];
  const promoteFirst = (/** @type {boolean} */ verify) =>
    promote(
      { from: staging, to: production },
      { appName: 'marketing', verify, log: (line) => void lines.push(line), verifyCandidate: passes },
    );

  await assert.rejects(promoteFirst(true), /^Error: first-production has no registry yet: .*--no-verify/);
  assert.equal(await live(production), undefined);

  await promoteFirst(false);
  assert.equal(await live(production), await live(staging));
  assert.ok(lines.some((line) => line.startsWith('not verified (--no-verify)')));
  assert.equal((await production.registry.history('marketing')).at(-1)?.verified, false);
});

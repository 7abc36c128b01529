// Retention across environments: staging and production with one store of versions, each with its
// own registry (two registry files, or two environments of the Postgres registry); staging's
// releases prune that store, and must not delete what production still needs.
import test from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { mkdtemp } from 'node:fs/promises';
import { releaseEnvironment } from './environment.mjs';
import { writeBuildForTests } from './buildForTests.mjs';
import { prune, release, rollback } from './releases.mjs';
import { promote } from './promotion.mjs';
import { postgresForTestFile } from './postgres/postgresForTestFile.mjs';
import { SHARED_STORE_KINDS } from './sharedStoreForTests.mjs';

const postgres = postgresForTestFile();

const DAY_MS = 24 * 60 * 60 * 1000;
const log = () => {};
/** A verification that passes: these tests have no shell build to render through. */
const verifyCandidate = async () => {};

/**
 * Staging and production on one store, retention `keep` and `liveDays` in both.
 * @param {string} kind @param {string} name
 * @param {{ keep: string, liveDays: string }} retention
 */
async function setUp(kind, name, { keep, liveDays }) {
  const root = await mkdtemp(path.join(os.tmpdir(), 'retention-test-'));
  const variables = await SHARED_STORE_KINDS[kind]?.(root, name, postgres.databaseUrl);
  if (!variables) throw new Error(`no registry kind ${kind}`);
  const environment = (/** @type {NodeJS.ProcessEnv} */ own) => {
    const env = releaseEnvironment({
      ...own,
      RELEASES_KEEP: keep,
      RELEASES_KEEP_LIVE_DAYS: liveDays,
      RELEASE_ACTOR: 'alice',
      RELEASE_COMMIT: '3f9a2b1c0d2e4f6a',
    });
    return postgres.closeAfter(env);
  };
  const [staging, production] = [environment(variables.staging), environment(variables.production)];
  /** Releases the build whose one file says `text` in `env`, without a shell to verify it. */
  const releaseIn = async (/** @type {typeof staging} */ env, /** @type {string} */ text) =>
    release(env, {
      appName: 'marketing',
      buildDir: await writeBuildForTests(root, text),
      verify: false,
      log,
    });
  const stored = async () => (await staging.store('marketing').list()).map(({ version }) => version);
  const live = async (/** @type {typeof staging} */ env) => (await env.registry.read())?.remotes.marketing;
  return { staging, production, releaseIn, stored, live };
}

for (const kind of Object.keys(SHARED_STORE_KINDS)) {
  test(`${kind}: staging's releases keep the version live in production, which rollback --to can go back to (keep 1, 0 days)`, async () => {
    const { staging, production, releaseIn, stored, live } = await setUp(kind, 'smallest', {
      keep: '1',
      liveDays: '0',
    });
    // Production's first version (unverified: it has no registry yet), then A promoted, verified.
    const first = await releaseIn(production, 'production-1');
    const a = await releaseIn(staging, 'a');
    await promote(
      { from: staging, to: production },
      { appName: 'marketing', verify: true, log, verifyCandidate },
    );
    const later = [];
    for (const text of ['b', 'c', 'd', 'e', 'f', 'g', 'h']) later.push(await releaseIn(staging, text));
    const last = later.at(-1) ?? '';

    assert.equal(await live(production), production.manifestUrl('marketing', a));
    assert.ok((await stored()).includes(a), `${a}, live in production, was deleted`);
    // The rest of the window still goes: b, live in no environment and in neither one's previous
    // (production's names its first version; staging's, the five before h).
    await prune(staging, 'marketing', { now: new Date(Date.now() + 1000) });
    assert.deepEqual(await stored(), [first, a, ...later.slice(1)]);

    // Production moves on, then goes back to A (verified there when promoted).
    await promote(
      { from: staging, to: production },
      { appName: 'marketing', verify: true, log, verifyCandidate },
    );
    assert.equal(await live(production), production.manifestUrl('marketing', last));
    await rollback(production, { appName: 'marketing', to: a, log });
    assert.equal(await live(production), production.manifestUrl('marketing', a));
  });

  test(`${kind}: fifty staging releases never delete production's live version, nor the one live before it`, async () => {
    const { staging, production, releaseIn, stored } = await setUp(kind, 'fifty', {
      keep: '1',
      liveDays: '7',
    });
    // Versions staging never had live: production's own releases (a fix straight to production).
    const previous = await releaseIn(production, 'production-1');
    const live = await releaseIn(production, 'production-2');
    /** @type {string[]} */
    const released = [];
    for (let n = 1; n <= 50; n += 1) {
      released.push(await releaseIn(staging, `staging-${n}`));
      const versions = await stored();
      assert.ok(versions.includes(live), `staging's release ${n} deleted production's live version`);
      assert.ok(versions.includes(previous), `staging's release ${n} deleted production's previous version`);
    }

    // Eight days on, what is left is what a registry names: production's live version and its
    // previous one, staging's live one and the five before it.
    await prune(staging, 'marketing', { now: new Date(Date.now() + 8 * DAY_MS) });
    assert.deepEqual(await stored(), [previous, live, ...released.slice(-6)]);
  });
}

import test from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { mkdtemp, stat } from 'node:fs/promises';
import { releaseEnvironment } from './environment.mjs';
import { writeBuildForTests } from './buildForTests.mjs';
import { listReleases, prune, publish, publishAsLive, release, rollback } from './releases.mjs';
import { releaseLine } from './releaseListing.mjs';

const DAY_MS = 24 * 60 * 60 * 1000;

async function setUp({ keep = '5', actor = 'alice' } = {}) {
  const root = await mkdtemp(path.join(os.tmpdir(), 'releases-test-'));
  /** The releases as a job at `commit` runs them. @param {string} commit */
  const atCommit = (commit) =>
    releaseEnvironment({
      RELEASES_DIR: path.join(root, 'releases'),
      RELEASES_KEEP: keep,
      RELEASE_ACTOR: actor,
      RELEASE_COMMIT: commit,
    });
  const env = atCommit('3f9a2b1c0d2e4f6a');
  const build = (/** @type {string} */ text, /** @type {string[] | undefined} */ languages = undefined) =>
    writeBuildForTests(root, text, languages);
  const log = () => {};
  const live = async () => (await env.registry.read())?.remotes.marketing;
  /** Releases the build whose one file says `text`, without a shell to verify it through. */
  const releaseUnverified = async (/** @type {string} */ text) =>
    release(env, { appName: 'marketing', buildDir: await build(text), verify: false, log });
  return { env, build, log, live, releaseUnverified, atCommit };
}

test('the same build is the same version; a changed build is a new one, and the old one stays', async () => {
  const { env, build } = await setUp();
  const first = await env.store('marketing').publish(await build('one'));
  const again = await env.store('marketing').publish(await build('one'));
  const second = await env.store('marketing').publish(await build('two'));

  assert.equal(first.isNew, true);
  assert.deepEqual(again, { version: first.version, isNew: false });
  assert.notEqual(second.version, first.version);
  assert.deepEqual(
    (await env.store('marketing').list()).map(({ version }) => version),
    [first.version, second.version].sort(),
  );
});

test('a release makes its version live, and a rollback brings the previous one back', async () => {
  const { env, build, log, live, releaseUnverified } = await setUp();
  const first = await publishAsLive(env, 'marketing', await build('one'));
  const second = await releaseUnverified('two');
  assert.equal(await live(), env.manifestUrl('marketing', second));

  await rollback(env, { appName: 'marketing', log });
  assert.equal(await live(), env.manifestUrl('marketing', first));
  const listed = await listReleases(env, 'marketing');
  assert.deepEqual(
    listed.map(({ version, live }) => ({ version, live })),
    [
      { version: first, live: true },
      { version: second, live: false },
    ].sort((a, b) => a.version.localeCompare(b.version)),
  );
  assert.ok(listed.find((entry) => entry.live)?.liveSince instanceof Date);
});

test('a second rollback goes two versions back, not forward again; then there is nothing left', async () => {
  const { env, build, log, live, releaseUnverified } = await setUp();
  const first = await publishAsLive(env, 'marketing', await build('one'));
  const second = await releaseUnverified('two');
  await releaseUnverified('three');

  await rollback(env, { appName: 'marketing', log });
  assert.equal(await live(), env.manifestUrl('marketing', second));
  await rollback(env, { appName: 'marketing', log });
  assert.equal(await live(), env.manifestUrl('marketing', first));
  await assert.rejects(rollback(env, { appName: 'marketing', log }), /no earlier version/);
  assert.equal(await live(), env.manifestUrl('marketing', first));
});

test('serving the same build again (npm start) leaves a rollback in place; a new build goes live', async () => {
  const { env, build, log, live, releaseUnverified } = await setUp();
  const first = await publishAsLive(env, 'marketing', await build('one'));
  await releaseUnverified('two');
  await rollback(env, { appName: 'marketing', log });

  await publishAsLive(env, 'marketing', await build('two'));
  assert.equal(await live(), env.manifestUrl('marketing', first));
  const third = await publishAsLive(env, 'marketing', await build('three'));
  assert.equal(await live(), env.manifestUrl('marketing', third));
});

test('rollback --to goes back only to a version verified in this environment (file registry), and says why not', async () => {
  const { env, build, log, live, releaseUnverified } = await setUp();
  const passes = async () => {};
  await publishAsLive(env, 'marketing', await build('one'));
  const verified = await release(env, {
    appName: 'marketing',
    buildDir: await build('two'),
    verify: true,
    log,
    verifyCandidate: passes,
  });
  const unverified = await releaseUnverified('three');
  await releaseUnverified('four');

  await assert.rejects(
    rollback(env, { appName: 'marketing', to: unverified, log }),
    new RegExp(`${unverified} was made live in local without verification \\(--no-verify or npm start\\)`),
  );
  await rollback(env, { appName: 'marketing', to: verified, log });
  assert.equal(await live(), env.manifestUrl('marketing', verified));
  assert.equal((await env.registry.history('marketing')).at(-1)?.verified, true);
});

test('a remote with only its first version has nothing to roll back to', async () => {
  const { env, build, log, live } = await setUp();
  const first = await publishAsLive(env, 'marketing', await build('one'));
  await assert.rejects(rollback(env, { appName: 'marketing', log }), /no earlier version/);
  assert.equal(await live(), env.manifestUrl('marketing', first));
});

test('versions beyond the retention window are deleted; the live one, its previous and the recently live stay', async () => {
  const { env, build, releaseUnverified } = await setUp({ keep: '2' });
  const versions = [await publishAsLive(env, 'marketing', await build('v1'))];
  for (const text of ['v2', 'v3', 'v4', 'v5', 'v6', 'v7', 'v8']) {
    versions.push(await releaseUnverified(text));
  }
  // Every version was live moments ago: all are inside the seven days.
  assert.equal((await env.store('marketing').list()).length, 8);

  // Eight days on, the live one and the five its registry names as previous remain.
  const pruned = await prune(env, 'marketing', { now: new Date(Date.now() + 8 * DAY_MS) });
  assert.deepEqual(pruned, versions.slice(0, 2));
  assert.deepEqual(
    (await env.store('marketing').list()).map(({ version }) => version),
    versions.slice(2),
  );
});

test('the list of releases says who made each version live, from which commit, in which environment', async () => {
  const { env, build, releaseUnverified } = await setUp({ actor: 'alice' });
  await publishAsLive(env, 'marketing', await build('one'));
  await releaseUnverified('two');

  const lines = (await listReleases(env, 'marketing')).map(releaseLine);
  assert.match(lines[0] ?? '', /^ {2}\S+ {2}published \S+ {2}publish by alice \(3f9a2b1c0d2e, local\)$/);
  assert.match(
    lines[1] ?? '',
    /^\* \S+ {2}published \S+ {2}live since \S+ {2}release by alice \(3f9a2b1c0d2e, local\)$/,
  );
});

test('a version made live before the audit trail is listed with an unknown actor and commit', () => {
  const line = releaseLine({
    version: '20260101-000000000-3f9a2b1c0d',
    publishedAt: new Date('2026-01-01T00:00:00Z'),
    live: false,
    liveSince: null,
    lastChange: {
      revision: 1,
      at: '2026-01-01T00:00:00Z',
      remote: 'marketing',
      action: 'publish',
      from: null,
      to: 'x',
    },
  });
  assert.equal(
    line,
    '  20260101-000000000-3f9a2b1c0d  published 2026-01-01T00:00:00.000Z  publish by ? (commit ?)',
  );
});

test('publish stores a version with the commit it was built from and when, and leaves the live version alone', async () => {
  const { env, build, log, live } = await setUp();
  const first = await publishAsLive(env, 'marketing', await build('one'));
  const buildDir = await build('two');

  const version = await publish(env, { appName: 'marketing', buildDir, verify: false, log });

  assert.equal(await live(), env.manifestUrl('marketing', first));
  assert.ok((await env.store('marketing').list()).some((entry) => entry.version === version));
  const builtAt = (await stat(path.join(buildDir, 'mf-manifest.json'))).mtime.toISOString();
  assert.deepEqual(await env.store('marketing').buildOf(version), { commit: '3f9a2b1c0d2e4f6a', builtAt });
});

test('publish verifies through the shell unless told not to: with no registry to verify on, it stops', async () => {
  const { env, build, log } = await setUp();
  await assert.rejects(
    publish(env, { appName: 'marketing', buildDir: await build('one'), verify: true, log }),
    /no registry yet/,
  );
});

test('release --version makes a published version live, recorded with the commit it was built from; an unpublished one is refused', async () => {
  const { env, build, log, live, atCommit } = await setUp();
  await publishAsLive(env, 'marketing', await build('one'));
  const version = await publish(atCommit('commit-of-the-build'), {
    appName: 'marketing',
    buildDir: await build('two'),
    verify: false,
    log,
  });

  await release(atCommit('commit-of-the-release-job'), { appName: 'marketing', version, verify: false, log });

  assert.equal(await live(), env.manifestUrl('marketing', version));
  const last = (await env.registry.history('marketing')).at(-1);
  assert.deepEqual([last?.action, last?.commit], ['release', 'commit-of-the-build']);
  await assert.rejects(
    release(env, { appName: 'marketing', version: '20260101-000000000-0000000000', verify: false, log }),
    /is not a published version of marketing/,
  );
  assert.equal(await live(), env.manifestUrl('marketing', version));
});

test("a rollback records the commit the version it brings back was built from, not the rollback job's", async () => {
  const { build, log, live, atCommit } = await setUp();
  const first = await publishAsLive(atCommit('commit-one'), 'marketing', await build('one'));
  await release(atCommit('commit-two'), {
    appName: 'marketing',
    buildDir: await build('two'),
    verify: false,
    log,
  });

  await rollback(atCommit('commit-of-the-rollback-job'), { appName: 'marketing', log });

  const env = atCommit('any');
  assert.equal(await live(), env.manifestUrl('marketing', first));
  const last = (await env.registry.history('marketing')).at(-1);
  assert.deepEqual([last?.action, last?.commit], ['rollback', 'commit-one']);
});

test('the same build published again from a later commit keeps the commit it was first built from', async () => {
  const { build, atCommit } = await setUp();
  const dir = await build('one');
  const { version } = await atCommit('commit-one').store('marketing').publish(dir, new Date(), {
    commit: 'commit-one',
    builtAt: '2026-01-01T00:00:00.000Z',
  });
  await publish(atCommit('commit-two'), {
    appName: 'marketing',
    buildDir: dir,
    verify: false,
    log: () => {},
  });
  assert.equal((await atCommit('x').store('marketing').buildOf(version))?.commit, 'commit-one');
});

test('a release that drops a language the live version has is refused unless the team names it; a rollback warns', async () => {
  const { env, build, live } = await setUp();
  const lines = /** @type {string[]} */ ([]);
  const log = (/** @type {string} */ line) => lines.push(line);
  const withPortuguese = await publishAsLive(env, 'marketing', await build('three', ['en', 'es', 'pt']));
  const candidate = await build('two', ['en', 'es']);

  await assert.rejects(
    release(env, { appName: 'marketing', buildDir: candidate, verify: false, log }),
    /has pt and this one does not.*--drop-language pt/,
  );
  assert.equal(await live(), env.manifestUrl('marketing', withPortuguese));

  const without = await release(env, {
    appName: 'marketing',
    buildDir: candidate,
    verify: false,
    log,
    dropLanguages: ['pt'],
  });
  assert.equal(await live(), env.manifestUrl('marketing', without));
  assert.ok(lines.includes('dropping pt as asked: its pages will show in English'));
  assert.equal((await env.store('marketing').buildOf(without))?.languages?.join(), 'en,es');

  // Back to the version with Portuguese, then back again to the one without: the rollback warns.
  await release(env, { appName: 'marketing', version: withPortuguese, verify: false, log });
  await rollback(env, { appName: 'marketing', log });
  assert.equal(await live(), env.manifestUrl('marketing', without));
  assert.ok(lines.some((line) => /^warning: the version rolled back to lacks pt/.test(line)));
});

test('a version built before versions recorded their languages counts as English and Spanish', async () => {
  const { env, build, log, live } = await setUp();
  await publishAsLive(env, 'marketing', await build('old'));
  const next = await release(env, {
    appName: 'marketing',
    buildDir: await build('new', ['en', 'es', 'pt']),
    verify: false,
    log,
  });
  assert.equal(await live(), env.manifestUrl('marketing', next));
  await assert.rejects(
    release(env, {
      appName: 'marketing',
      buildDir: await build('pt-only', ['en', 'pt']),
      verify: false,
      log,
    }),
    /has es and this one does not/,
  );
});

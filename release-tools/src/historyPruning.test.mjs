// History pruning, in both registries: a change deletes its remote's history beyond
// RELEASES_KEEP_HISTORY rows, but never the rows of a version still in use, so previous, rollback
// and rollback --to work as they did with the whole history.
import test from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { mkdtemp } from 'node:fs/promises';
import { releaseEnvironment } from './environment.mjs';
import { writeBuildForTests } from './buildForTests.mjs';
import { release, rollback } from './releases.mjs';
import { postgresForTestFile } from './postgres/postgresForTestFile.mjs';

const postgres = postgresForTestFile();

const log = () => {};
/** A verification that passes: these tests have no shell build to render through. */
const verifyCandidate = async () => {};

/** @type {Record<string, (root: string) => NodeJS.ProcessEnv>} */
const REGISTRY_KINDS = {
  'file registry': (root) => ({ RELEASES_DIR: root }),
  'Postgres registry': (root) => ({
    RELEASES_DIR: root,
    RELEASES_REGISTRY_URL: postgres.databaseUrl,
    RELEASES_ENV: 'pruned',
  }),
};

for (const [kind, variables] of Object.entries(REGISTRY_KINDS)) {
  test(`${kind}: twelve releases keeping 3 history rows delete the oldest versions' rows, keep every row of a version on the host, and rollback --to an old verified one still works`, async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'history-pruning-test-'));
    const env = postgres.closeAfter(
      releaseEnvironment({
        ...variables(root),
        RELEASES_KEEP_HISTORY: '3',
        RELEASES_KEEP: '8',
        RELEASES_KEEP_LIVE_DAYS: '0',
      }),
    );
    /** @type {string[]} */
    const versions = [];
    for (let n = 1; n <= 12; n += 1) {
      const buildDir = await writeBuildForTests(root, `v${n}`);
      // The first has no registry to be verified on yet.
      const verify = n > 1;
      versions.push(await release(env, { appName: 'marketing', buildDir, verify, log, verifyCandidate }));
    }
    const url = (/** @type {number} */ n) => env.manifestUrl('marketing', versions[n - 1] ?? '');
    const stored = (await env.store('marketing').list()).map(({ version }) => version);
    const history = await env.registry.history('marketing');

    assert.ok(history.length < 12, `${history.length} rows kept of 12`);
    for (const n of [1, 2]) {
      assert.ok(!stored.includes(versions[n - 1] ?? ''), `v${n} is still on the host`);
      assert.ok(
        history.every((change) => change.from !== url(n) && change.to !== url(n)),
        `v${n}'s rows were kept`,
      );
    }
    for (const version of stored) {
      const made = history.find((change) => change.to === env.manifestUrl('marketing', version));
      assert.equal(made?.verified, true, `the row that made ${version} live was deleted`);
    }
    assert.deepEqual((await env.registry.read())?.previous?.marketing, [
      url(11),
      url(10),
      url(9),
      url(8),
      url(7),
    ]);

    // v5 is on the host (retention keeps 8), older than previous's five (and the one more the
    // database keeps) and the newest three rows: only the rule that keeps the rows of a version on
    // the host lets rollback --to see that it passed verification.
    assert.ok(stored.includes(versions[4] ?? ''), 'v5 is on the host');
    await rollback(env, { appName: 'marketing', to: versions[4], log });
    assert.equal((await env.registry.read())?.remotes.marketing, url(5));
    await rollback(env, { appName: 'marketing', log });
    assert.equal((await env.registry.read())?.remotes.marketing, url(12));
  });
}

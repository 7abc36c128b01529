// The registry's rules on a real Postgres (release-registry/real-postgres-for-tests): each team's
// job logs in as its own login, with sessions, row locks and notifications of their own, which
// PGlite's one shared session cannot show; the registry's owner is no superuser, as on Supabase.
// The owner's path is postgresRegistry.test.mjs's.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { grantRelease, REGISTRY_CHANNEL } from 'release-registry';
import {
  createRegistryOwner,
  ensurePostgresBinaries,
  REGISTRY_OWNER,
  startRealPostgres,
} from 'release-registry/real-postgres-for-tests';
import { RegistryConflictError } from '../registry.mjs';
import { PostgresRegistry } from './postgresRegistry.mjs';

const binaries = ensurePostgresBinaries();
if ('missing' in binaries) {
  // Skipped on a developer's machine without Postgres; never in CI.
  if (process.env.CI) throw new Error(binaries.missing);
  console.log(`skipping the real Postgres tests: ${binaries.missing}`);
}

/** @type {Awaited<ReturnType<typeof startRealPostgres>>} */
let server;
/** @type {Array<PostgresRegistry | pg.Client>} */
const opened = [];

/** The team logins the operator creates, each in its team's role: one per job. */
const LOGINS = {
  marketing_staging: 'release_marketing',
  marketing_production: 'release_marketing',
  booking_staging: 'release_booking',
};

const url = (/** @type {string} */ remote, /** @type {number | string} */ n) =>
  `https://${remote}.cdn.example/releases/v${n}/mf-manifest.json`;

/** A session of its own, as `login`. @param {string} login */
async function session(login) {
  const client = new pg.Client({ connectionString: server.urlAs(login) });
  await client.connect();
  opened.push(client);
  return client;
}

/** One machine's registry of `environment`, as `login` (the owner by default). */
function registryAs(/** @type {string} */ environment, /** @type {string} */ login = REGISTRY_OWNER) {
  const registry = new PostgresRegistry({ databaseUrl: server.urlAs(login), environment });
  opened.push(registry);
  return registry;
}

/**
 * An environment opened by the owner with marketing and booking at v1, and the operator's grants
 * for it (login → remote). @param {string} environment @param {Record<string, string>} grants
 */
async function openEnvironment(environment, grants) {
  const owner = registryAs(environment);
  for (const remote of ['marketing', 'booking']) {
    await owner.change({ remote, expected: null, to: url(remote, 1), action: 'publish' });
  }
  for (const [grantee, remote] of Object.entries(grants)) {
    await grantRelease(server.urlAs(REGISTRY_OWNER), { grantee, remote, environment });
  }
  return owner;
}

/** Whether a promise is still pending after a moment (it waits on a lock). @param {Promise<unknown>} promise */
async function stillWaiting(promise) {
  const moment = new Promise((resolve) => setTimeout(() => resolve('waiting'), 200));
  return (
    (await Promise.race([
      promise.then(
        () => 'settled',
        () => 'settled',
      ),
      moment,
    ])) === 'waiting'
  );
}

describe('on a real Postgres, one login per team job', { skip: 'missing' in binaries }, () => {
  before(async () => {
    if (!('bin' in binaries)) return;
    server = await startRealPostgres(binaries.bin);
    await createRegistryOwner(server.databaseUrl);
    await registryAs('setup').read(); // the owner's first command applies the schema
    const operator = await session(REGISTRY_OWNER);
    for (const [login, role] of Object.entries(LOGINS)) {
      await operator.query(`CREATE ROLE ${login} LOGIN IN ROLE ${role}`);
    }
  });
  after(async () => {
    await Promise.all(opened.map((each) => (each instanceof pg.Client ? each.end() : each.close())));
    await server?.close();
  });

  test('a team cannot write history: its INSERT, UPDATE and DELETE on release_history are refused', async () => {
    await openEnvironment('history', { marketing_staging: 'marketing' });
    const team = await session('marketing_staging');
    const attempts = [
      `INSERT INTO release_history (environment, revision, remote, action, to_url, actor)
       VALUES ('history', 99, 'marketing', 'release', 'x', 'someone else')`,
      `UPDATE release_history SET actor = 'someone else' WHERE environment = 'history'`,
      `DELETE FROM release_history WHERE environment = 'history'`,
    ];
    for (const sql of attempts) {
      await assert.rejects(team.query(sql), /permission denied for table release_history/);
    }
    assert.equal((await registryAs('history').history()).length, 2);
  });

  test("a team's job cannot shorten the history: the owner's RELEASES_KEEP_HISTORY is the environment's, a team's is ignored", async () => {
    await openEnvironment('kept-history', { marketing_staging: 'marketing' });
    const [owner, team] = [
      new PostgresRegistry({
        databaseUrl: server.urlAs(REGISTRY_OWNER),
        environment: 'kept-history',
        historyKept: 8,
      }),
      new PostgresRegistry({
        databaseUrl: server.urlAs('marketing_staging'),
        environment: 'kept-history',
        historyKept: 1,
      }),
    ];
    opened.push(owner, team);
    // Versions of their own from v2 on; v1 is live in the other tests' environments, so its rows stay.
    const version = (/** @type {number} */ n) => url('marketing', n === 1 ? 1 : `kept-${n}`);
    const release = (/** @type {PostgresRegistry} */ registry, /** @type {number} */ n) =>
      registry.change({ remote: 'marketing', expected: version(n - 1), to: version(n), action: 'release' });
    await release(owner, 2);
    for (let n = 3; n <= 12; n += 1) await release(team, n);
    // The newest 8 rows (v12's, live, and v6 to v11's, previous, are among them), and v1's.
    assert.deepEqual(
      (await team.history('marketing')).map(({ to }) => to),
      [1, 2, 5, 6, 7, 8, 9, 10, 11, 12].map(version),
    );
  });

  test('a team cannot change the revision or a pointer by hand: UPDATE and INSERT on the tables are refused', async () => {
    await openEnvironment('by-hand', { marketing_staging: 'marketing' });
    const team = await session('marketing_staging');
    await assert.rejects(
      team.query(`UPDATE release_environment SET revision = 1000 WHERE environment = 'by-hand'`),
      /permission denied for table release_environment/,
    );
    await assert.rejects(
      team.query(`UPDATE release_pointer SET manifest_url = 'x', revision = 1000 WHERE remote = 'marketing'`),
      /permission denied for table release_pointer/,
    );
    await assert.rejects(
      team.query(`INSERT INTO release_pointer VALUES ('by-hand', 'checkout', 'x', 1000)`),
      /permission denied for table release_pointer/,
    );
    assert.equal((await registryAs('by-hand').read())?.revision, 2);
  });

  test("a team cannot move another remote's pointer, even through release_change", async () => {
    await openEnvironment('other-remote', { marketing_staging: 'marketing' });
    const marketingJob = registryAs('other-remote', 'marketing_staging');
    await assert.rejects(
      marketingJob.change({
        remote: 'booking',
        expected: url('booking', 1),
        to: url('booking', 2),
        action: 'release',
      }),
      /marketing_staging may not move booking in other-remote \(no release_grant for it\)/,
    );
    assert.equal((await marketingJob.read())?.remotes.booking, url('booking', 1));
  });

  test("the staging job's login cannot move any pointer in production, nor open an environment of its own; production's login can", async () => {
    await openEnvironment('production', { marketing_production: 'marketing' });
    const change = { remote: 'marketing', expected: url('marketing', 1), to: url('marketing', 2) };
    await assert.rejects(
      registryAs('production', 'marketing_staging').change({ ...change, action: 'release' }),
      /marketing_staging may not move marketing in production/,
    );
    await assert.rejects(
      registryAs('anywhere', 'marketing_staging').change({ ...change, expected: null, action: 'publish' }),
      /marketing_staging may not move marketing in anywhere/,
    );
    const moved = await registryAs('production', 'marketing_production').change({
      ...change,
      action: 'promote',
    });
    assert.equal(moved?.revision, 3);
  });

  test('two teams changing at once both land, in turn, with distinct revisions and a history row each', async () => {
    await openEnvironment('at-once', { marketing_staging: 'marketing', booking_staging: 'booking' });
    // Marketing's change holds its transaction open; booking's, in another session, waits for it.
    const marketing = await session('marketing_staging');
    await marketing.query('BEGIN');
    await marketing.query(
      `SELECT * FROM release_change('at-once', 'marketing', $1, $2, 'release', 'm', null)`,
      [url('marketing', 1), url('marketing', 2)],
    );
    const booking = registryAs('at-once', 'booking_staging').change({
      remote: 'booking',
      expected: url('booking', 1),
      to: url('booking', 2),
      action: 'release',
    });
    assert.ok(await stillWaiting(booking), "booking's change did not wait for marketing's transaction");
    await marketing.query('COMMIT');
    assert.equal((await booking)?.revision, 4);

    // Then ten changes each, the two teams' chains side by side on their own connections.
    const chain = async (/** @type {string} */ remote, /** @type {string} */ login) => {
      const registry = registryAs('at-once', login);
      for (let n = 3; n <= 12; n += 1) {
        await registry.change({
          remote,
          expected: url(remote, n - 1),
          to: url(remote, n),
          action: 'release',
        });
      }
    };
    await Promise.all([chain('marketing', 'marketing_staging'), chain('booking', 'booking_staging')]);

    const history = await registryAs('at-once').history();
    assert.deepEqual(
      history.map(({ revision }) => revision),
      Array.from({ length: 24 }, (_, at) => at + 1),
    );
    assert.deepEqual((await registryAs('at-once').read())?.remotes, {
      booking: url('booking', 12),
      marketing: url('marketing', 12),
    });
    assert.deepEqual(
      new Set(history.slice(2).map(({ remote, role }) => `${remote} by ${role}`)),
      new Set(['marketing by marketing_staging', 'booking by booking_staging']),
    );
  });

  test('a stale change is refused: of two changes made on the same read at once, the second waits, then is refused', async () => {
    await openEnvironment('stale', { marketing_staging: 'marketing' });
    const first = await session('marketing_staging');
    await first.query('BEGIN');
    await first.query(
      `SELECT * FROM release_change('stale', 'marketing', $1, $2, 'release', 'first', null)`,
      [url('marketing', 1), url('marketing', '2a')],
    );
    const second = registryAs('stale', 'marketing_staging').change({
      remote: 'marketing',
      expected: url('marketing', 1),
      to: url('marketing', '2b'),
      action: 'release',
    });
    assert.ok(await stillWaiting(second), 'the second change did not wait for the first');
    await first.query('COMMIT');
    await assert.rejects(second, RegistryConflictError);
    await assert.rejects(
      second,
      /marketing in stale changed since you read it \(it is now \S+v2a\S+, not \S+v1\S+\)/,
    );
    assert.equal((await registryAs('stale').read())?.remotes.marketing, url('marketing', '2a'));
    assert.equal((await registryAs('stale').history()).length, 3);
  });

  test('every change notifies the listening shell servers once it commits; a refused change notifies nobody', async () => {
    await openEnvironment('notified', { marketing_staging: 'marketing', booking_staging: 'booking' });
    const listener = await session(REGISTRY_OWNER);
    /** @type {string[]} */
    const heard = [];
    listener.on('notification', ({ channel, payload }) => {
      if (channel === REGISTRY_CHANNEL && payload) heard.push(payload);
    });
    await listener.query(`LISTEN ${REGISTRY_CHANNEL}`);

    const change = (/** @type {string} */ remote, /** @type {number} */ n) =>
      registryAs('notified', `${remote}_staging`).change({
        remote,
        expected: url(remote, n - 1),
        to: url(remote, n),
        action: 'release',
      });
    await Promise.all([change('marketing', 2), change('booking', 2)]);
    await Promise.all([change('marketing', 3), change('booking', 3)]);
    await assert.rejects(change('marketing', 3), RegistryConflictError);
    await assert.rejects(
      registryAs('notified', 'marketing_staging').change({
        remote: 'booking',
        expected: url('booking', 3),
        to: url('booking', 4),
        action: 'release',
      }),
      /may not move booking/,
    );
    await listener.query('SELECT 1'); // every notification sent before this answer has arrived
    assert.deepEqual(heard, ['notified', 'notified', 'notified', 'notified']);
  });

  test('the history records the login that made a change and the database time, whatever actor it claims', async () => {
    await openEnvironment('recorded', { marketing_staging: 'marketing' });
    const before = Date.now() - 1000;
    await registryAs('recorded', 'marketing_staging').change({
      remote: 'marketing',
      expected: url('marketing', 1),
      to: url('marketing', 2),
      action: 'release',
      audit: { actor: 'the operator', commit: 'abc123', environment: 'recorded' },
    });
    const last = (await registryAs('recorded').history()).at(-1);
    assert.deepEqual(
      [last?.actor, last?.commit, last?.role],
      ['the operator', 'abc123', 'marketing_staging'],
    );
    const at = new Date(last?.at ?? 0).getTime();
    assert.ok(at >= before && at <= Date.now() + 1000, `recorded at ${last?.at}`);
  });
});

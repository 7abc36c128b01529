import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { RegistryConflictError } from '../registry.mjs';
import { PostgresRegistry } from './postgresRegistry.mjs';
import { grantRelease, readRegistryDocument, watchRegistry } from 'release-registry';
import { startPostgresForTests } from 'release-registry/postgres-server-for-tests';

/** @type {Awaited<ReturnType<typeof startPostgresForTests>>} */
let postgres;
/** @type {PostgresRegistry[]} */
const opened = [];
before(async () => {
  postgres = await startPostgresForTests();
});
after(async () => {
  await Promise.all(opened.map((registry) => registry.close()));
  await postgres.close();
});

/** A registry of its own environment, as one machine (one pool) sees it. */
function registryOf(/** @type {string} */ environment, /** @type {string} */ role = '') {
  const registry = new PostgresRegistry({
    databaseUrl: postgres.databaseUrl,
    environment,
    role: role || undefined,
  });
  opened.push(registry);
  return registry;
}

/** The operator's grant: `role` may move `remote` in `environment` (docs/releases.md). */
const grant = (
  /** @type {string} */ grantee,
  /** @type {string} */ remote,
  /** @type {string} */ environment,
) => grantRelease(postgres.databaseUrl, { grantee, remote, environment });

const url = (/** @type {string} */ remote, /** @type {number} */ n) =>
  `https://${remote}.cdn.example/releases/v${n}/mf-manifest.json`;

test('two teams changing different remotes at the same moment both land, each with its history row', async () => {
  const [marketingMachine, bookingMachine] = [registryOf('both-land'), registryOf('both-land')];
  await marketingMachine.change({
    remote: 'marketing',
    expected: null,
    to: url('marketing', 1),
    action: 'publish',
  });
  await bookingMachine.change({
    remote: 'booking',
    expected: null,
    to: url('booking', 1),
    action: 'publish',
  });

  await Promise.all([
    marketingMachine.change({
      remote: 'marketing',
      expected: url('marketing', 1),
      to: url('marketing', 2),
      action: 'release',
    }),
    bookingMachine.change({
      remote: 'booking',
      expected: url('booking', 1),
      to: url('booking', 2),
      action: 'release',
    }),
  ]);

  const document = await marketingMachine.read();
  assert.deepEqual(document?.remotes, { booking: url('booking', 2), marketing: url('marketing', 2) });
  assert.equal(document?.revision, 4);
  const history = await bookingMachine.history();
  assert.deepEqual(
    history
      .slice(2)
      .map(({ remote, action, to }) => ({ remote, action, to }))
      .sort((a, b) => a.remote.localeCompare(b.remote)),
    [
      { remote: 'booking', action: 'release', to: url('booking', 2) },
      { remote: 'marketing', action: 'release', to: url('marketing', 2) },
    ],
  );
  assert.deepEqual(
    history.map(({ revision }) => revision),
    [1, 2, 3, 4],
  );
});

test('a change decided on a read made before another change landed is refused, and changes nothing', async () => {
  const [mine, theirs] = [registryOf('stale'), registryOf('stale')];
  await mine.change({ remote: 'marketing', expected: null, to: url('marketing', 1), action: 'publish' });
  const read = (await mine.read())?.remotes.marketing ?? null;
  await theirs.change({ remote: 'marketing', expected: read, to: url('marketing', 2), action: 'release' });

  const stale = mine.change({
    remote: 'marketing',
    expected: read,
    to: url('marketing', 3),
    action: 'release',
  });
  await assert.rejects(stale, RegistryConflictError);
  await assert.rejects(
    mine.change({ remote: 'marketing', expected: read, to: url('marketing', 3), action: 'release' }),
    /marketing in stale changed since you read it \(it is now \S+v2\S+, not \S+v1\S+\): run the command again/,
  );
  // A first version set by another machine meanwhile is a stale read too.
  await theirs.change({ remote: 'contact', expected: null, to: url('contact', 1), action: 'publish' });
  await assert.rejects(
    mine.change({ remote: 'contact', expected: null, to: url('contact', 9), action: 'publish' }),
    RegistryConflictError,
  );
  assert.equal((await mine.read())?.remotes.marketing, url('marketing', 2));
  assert.equal((await mine.history()).length, 3);
});

test("the marketing team's role, granted marketing in an environment, cannot move booking's pointer there or write history, but moves marketing's", async () => {
  const operator = registryOf('roles');
  await operator.change({
    remote: 'booking',
    expected: null,
    to: url('booking', 1),
    action: 'publish',
    allowOverrides: true, // staging, say: QA may override; the teams' changes still count
  });
  await operator.change({ remote: 'marketing', expected: null, to: url('marketing', 1), action: 'publish' });
  await grant('release_marketing', 'marketing', 'roles');
  const marketingTeam = registryOf('roles', 'release_marketing');

  await assert.rejects(
    marketingTeam.change({
      remote: 'booking',
      expected: url('booking', 1),
      to: url('booking', 2),
      action: 'release',
    }),
    /release_marketing may not move booking in roles \(no release_grant for it\)/,
  );
  const client = new pg.Client({ connectionString: postgres.databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL ROLE release_marketing');
    await assert.rejects(
      client.query(
        `INSERT INTO release_history (environment, revision, remote, action, to_url) VALUES ('roles', 99, 'booking', 'release', 'x')`,
      ),
      /permission denied for table release_history/,
    );
    await client.query('ROLLBACK');
  } finally {
    await client.end();
  }

  const moved = await marketingTeam.change({
    remote: 'marketing',
    expected: url('marketing', 1),
    to: url('marketing', 2),
    action: 'release',
    allowOverrides: true,
    audit: { actor: 'marketing-ci', commit: 'abc123', environment: 'roles' },
  });
  assert.equal(moved?.revision, 3);
  assert.deepEqual((await operator.read())?.remotes, {
    booking: url('booking', 1),
    marketing: url('marketing', 2),
  });
  assert.deepEqual(
    (await operator.history('marketing')).map(({ actor, commit, environment, role }) => ({
      actor,
      commit,
      environment,
      role,
    })),
    [
      { actor: undefined, commit: null, environment: 'roles', role: 'postgres' },
      { actor: 'marketing-ci', commit: 'abc123', environment: 'roles', role: 'release_marketing' },
    ],
  );
});

test('a shell server watching its environment hears each change to it, with the new document', async () => {
  const registry = registryOf('watched');
  await registry.change({ remote: 'marketing', expected: null, to: url('marketing', 1), action: 'publish' });
  /** @type {Array<number | undefined>} */
  const revisions = [];
  /** @type {(() => void) | undefined} */
  let heard;
  const watcher = watchRegistry({
    databaseUrl: postgres.databaseUrl,
    environment: 'watched',
    onChange: (document) => {
      revisions.push(document?.revision);
      heard?.();
    },
  });
  try {
    const next = () => new Promise((resolve) => (heard = () => resolve(undefined)));
    await next(); // the document as it is when the watch starts
    const released = next();
    await registryOf('elsewhere').change({
      remote: 'marketing',
      expected: null,
      to: url('marketing', 7),
      action: 'publish',
    });
    await registry.change({
      remote: 'marketing',
      expected: url('marketing', 1),
      to: url('marketing', 2),
      action: 'release',
    });
    await released;
    assert.deepEqual(revisions, [1, 2]);
  } finally {
    await watcher.close();
  }
});

test('previous names the versions live before the current one, newest first, each once, at most five', async () => {
  const registry = registryOf('previous');
  const live = async () => (await registry.read())?.remotes.marketing ?? null;
  const point = async (/** @type {number} */ n, /** @type {'release' | 'rollback'} */ action = 'release') =>
    registry.change({ remote: 'marketing', expected: await live(), to: url('marketing', n), action });
  await registry.change({ remote: 'booking', expected: null, to: url('booking', 1), action: 'publish' });
  for (const n of [1, 2, 3]) await point(n);
  await point(1, 'rollback');
  assert.deepEqual((await registry.read())?.previous, {
    booking: [],
    marketing: [url('marketing', 3), url('marketing', 2)],
  });

  for (const n of [4, 5, 6, 7, 8]) await point(n);
  const document = await registry.read();
  assert.deepEqual(
    document?.previous.marketing,
    [7, 6, 5, 4, 1].map((n) => url('marketing', n)),
  );
  assert.deepEqual(
    await readRegistryDocument({ databaseUrl: postgres.databaseUrl, environment: 'previous' }),
    document,
  );
  assert.equal(
    await readRegistryDocument({ databaseUrl: postgres.databaseUrl, environment: 'nowhere' }),
    null,
  );
});

test('a team cannot open an environment that allows QA overrides; the operator can', async () => {
  const change = {
    remote: 'marketing',
    expected: null,
    to: url('marketing', 1),
    action: /** @type {const} */ ('publish'),
  };
  await grant('release_marketing', 'marketing', 'opened');
  await assert.rejects(
    registryOf('opened', 'release_marketing').change({ ...change, allowOverrides: true }),
    /only the registry's owner may open an environment that allows QA overrides/,
  );
  await registryOf('opened').change({ ...change, allowOverrides: true });
  assert.equal((await registryOf('opened').read())?.allowOverrides, true);
});

// A change that a serializable database refuses to serialize is tried once more; a real conflict
// (RG409) is never retried. The failure is injected into release_change's first calls, since
// PGlite is one session and cannot make two transactions fail one another.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { startPostgresForTests } from 'release-registry/postgres-server-for-tests';
import { RegistryConflictError } from '../registry.mjs';
import { PostgresRegistry } from './postgresRegistry.mjs';

/** @type {Awaited<ReturnType<typeof startPostgresForTests>>} */
let postgres;
/** @type {pg.Pool[]} */
const pools = [];
before(async () => {
  postgres = await startPostgresForTests();
});
after(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
  await postgres.close();
});

/**
 * A registry whose first `failures` calls of release_change fail as a serialization failure
 * would, and the count of its calls.
 * @param {string} environment @param {number} failures
 */
function registryFailingSerialization(environment, failures) {
  const pool = new pg.Pool({ connectionString: postgres.databaseUrl });
  pools.push(pool);
  const calls = { releaseChange: 0 };
  // Only the registry's own connections (connect() with no callback; pool.query passes one).
  const connect = pool.connect.bind(pool);
  const wrapped = new WeakSet();
  /** @type {any} */ (pool).connect = async (/** @type {any} */ callback) => {
    if (callback) return connect(callback);
    const client = await connect();
    if (wrapped.has(client)) return client; // a pooled connection, given again
    wrapped.add(client);
    /** @type {(...args: any[]) => Promise<any>} */
    const query = client.query.bind(client);
    /** @type {any} */ (client).query = async (/** @type {any[]} */ ...args) => {
      if (typeof args[0] === 'string' && /\bFROM release_change\(/.test(args[0])) {
        calls.releaseChange += 1;
        if (calls.releaseChange <= failures) {
          throw Object.assign(new Error('could not serialize access due to concurrent update'), {
            code: '40001',
          });
        }
      }
      return query(...args);
    };
    return client;
  };
  const registry = new PostgresRegistry({ pool, environment, database: 'postgres://test/postgres' });
  return { registry, calls };
}

const url = (/** @type {number} */ n) => `https://marketing.cdn.example/releases/v${n}/mf-manifest.json`;

test('a change the database could not serialize is tried once more and lands, with one history row', async () => {
  const { registry, calls } = registryFailingSerialization('serialization-once', 1);

  const entry = await registry.change({ remote: 'marketing', expected: null, to: url(1), action: 'publish' });

  assert.equal(calls.releaseChange, 2);
  assert.equal(entry?.to, url(1));
  assert.deepEqual((await registry.read())?.remotes, { marketing: url(1) });
  assert.equal((await registry.history('marketing')).length, 1);
});

test('a change that fails to serialize twice is not tried a third time: the failure is reported', async () => {
  const { registry, calls } = registryFailingSerialization('serialization-twice', 2);

  await assert.rejects(
    registry.change({ remote: 'marketing', expected: null, to: url(1), action: 'publish' }),
    { code: '40001' },
  );
  assert.equal(calls.releaseChange, 2);
  assert.equal((await registry.read())?.remotes.marketing, undefined);
});

test('a change decided on a stale read is refused at once, not retried', async () => {
  const { registry, calls } = registryFailingSerialization('serialization-conflict', 0);
  await registry.change({ remote: 'marketing', expected: null, to: url(1), action: 'publish' });
  await registry.change({ remote: 'marketing', expected: url(1), to: url(2), action: 'release' });

  await assert.rejects(
    registry.change({ remote: 'marketing', expected: url(1), to: url(3), action: 'release' }),
    RegistryConflictError,
  );
  assert.equal(calls.releaseChange, 3);
  assert.deepEqual((await registry.read())?.remotes, { marketing: url(2) });
});

test('a retried change still meets the real conflict: the pointer moved since the caller read it', async () => {
  const { registry } = registryFailingSerialization('serialization-then-conflict', 0);
  await registry.change({ remote: 'marketing', expected: null, to: url(1), action: 'publish' });
  await registry.change({ remote: 'marketing', expected: url(1), to: url(2), action: 'release' });
  const failingOnce = registryFailingSerialization('serialization-then-conflict', 1);

  await assert.rejects(
    failingOnce.registry.change({ remote: 'marketing', expected: url(1), to: url(3), action: 'release' }),
    RegistryConflictError,
  );
  assert.equal(failingOnce.calls.releaseChange, 2);
  assert.deepEqual((await registry.read())?.remotes, { marketing: url(2) });
});

// watchRegistry through a lost connection: its promise that a change made while the database was
// down is not missed.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { applyRegistrySchema } from './applyRegistrySchema.mjs';
import { REGISTRY_CHANNEL, watchRegistry } from './registryReader.mjs';
import { startPostgresForTests } from './postgresServerForTests.mjs';

/** @type {Awaited<ReturnType<typeof startPostgresForTests>>} */
let postgres;
before(async () => {
  postgres = await startPostgresForTests();
  const pool = new pg.Pool({ connectionString: postgres.databaseUrl });
  try {
    await applyRegistrySchema(pool);
  } finally {
    await pool.end();
  }
});
after(async () => postgres.close());

const url = (/** @type {number} */ n) => `https://marketing.cdn.example/releases/v${n}/mf-manifest.json`;

/**
 * Makes marketing's version `n` live in `environment` as revision `n`, with the notification a
 * release command sends (its checks and history left out: the reader is what is tested here).
 * @param {{ query: (text: string, values: unknown[]) => Promise<unknown> }} db a client, or PGlite itself
 * @param {string} environment @param {number} n
 */
async function release(db, environment, n) {
  await db.query(
    `INSERT INTO release_environment (environment, revision) VALUES ($1, $2)
     ON CONFLICT (environment) DO UPDATE SET revision = $2`,
    [environment, n],
  );
  await db.query(
    `INSERT INTO release_pointer (environment, remote, manifest_url, revision) VALUES ($1, 'marketing', $2, $3)
     ON CONFLICT (environment, remote) DO UPDATE SET manifest_url = $2, revision = $3`,
    [environment, url(n), n],
  );
  await db.query('SELECT pg_notify($1, $2)', [REGISTRY_CHANNEL, environment]);
}

test('a watching server that loses the database keeps trying, and once it is back sees the release made meanwhile', async () => {
  const environment = 'reconnecting';
  const client = new pg.Client({ connectionString: postgres.databaseUrl });
  await client.connect();
  await release(client, environment, 1);
  await client.end();

  /** @type {Array<import('./registryDocument.mjs').RegistryDocument | null>} */
  const documents = [];
  /** @type {Error[]} */
  const errors = [];
  /** @type {(value?: unknown) => void} */
  let heard = () => {};
  /**
   * Resolves once `done()` holds, asked again after each call of onChange or onError; fails
   * after 5 s (closing the watcher, which would otherwise keep reconnecting).
   * @param {() => boolean} done @param {string} what
   */
  const until = async (done, what) => {
    const deadline = Date.now() + 5000;
    while (!done() && Date.now() < deadline) {
      await new Promise((resolve) => {
        heard = resolve;
        setTimeout(resolve, 100);
      });
    }
    if (!done()) throw new Error(`the watcher did not ${what} within 5 s`);
  };
  const watcher = watchRegistry({
    databaseUrl: postgres.databaseUrl,
    environment,
    onChange: (document) => {
      documents.push(document);
      heard();
    },
    onError: (error) => {
      errors.push(error);
      heard();
    },
  });
  try {
    await until(() => documents.length === 1, 'read the document');
    assert.equal(documents[0]?.remotes.marketing, url(1));

    await postgres.dropConnections(async (db) => {
      await until(() => errors.length > 0, 'hear the connection drop');
      await until(() => errors.length > 1, 'try again, and be refused');
      await release(db, environment, 2);
    });

    await until(() => documents.length === 2, 'read the document again once reconnected');
    assert.deepEqual(documents[1], {
      remotes: { marketing: url(2) },
      allowOverrides: false,
      revision: 2,
      previous: { marketing: [] },
    });
    assert.deepEqual(
      errors.map(({ message }) => message.replace(/ \S+:\d+$/, '')),
      ['Connection terminated unexpectedly', 'connect ECONNREFUSED'],
    );
  } finally {
    await watcher.close();
  }
});

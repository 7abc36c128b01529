// watchRegistry: a change made while the database was down is not missed, a notification reads
// only the remote it names, into a document equal to a whole read, and a burst of notifications
// makes at most one read a second.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { applyRegistrySchema } from './applyRegistrySchema.mjs';
import { readRegistryDocument, REGISTRY_REMOTE_CHANNEL, watchRegistry } from './registryReader.mjs';
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
  await db.query('SELECT pg_notify($1, $2)', [
    REGISTRY_REMOTE_CHANNEL,
    JSON.stringify({ environment, remote: 'marketing' }),
  ]);
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

/**
 * A watcher of `environment` with every document it gave, and `until(done)`, which waits (at most
 * 5 s) for `done` to hold of them.
 * @param {string} environment @param {{ rereadMs?: number }} [options]
 */
function watching(environment, { rereadMs } = {}) {
  /** @type {Array<import('./registryDocument.mjs').RegistryDocument | null>} */
  const documents = [];
  const watcher = watchRegistry({
    databaseUrl: postgres.databaseUrl,
    environment,
    rereadMs,
    onChange: (document) => documents.push(document),
  });
  /** @param {(latest: import('./registryDocument.mjs').RegistryDocument | null | undefined) => boolean} done @param {string} what */
  const until = async (done, what) => {
    const deadline = Date.now() + 5000;
    while (!done(documents.at(-1)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    if (!done(documents.at(-1))) throw new Error(`the watcher did not ${what} within 5 s`);
    return documents.at(-1);
  };
  return { documents, until, close: () => watcher.close() };
}

const remoteUrl = (/** @type {string} */ remote, /** @type {number} */ n) =>
  `https://${remote}.cdn.example/releases/v${n}/mf-manifest.json`;

/**
 * One change through the schema's release_change (the database's owner needs no grant).
 * @param {pg.Client} db @param {string} environment @param {string} remote @param {number} n
 */
const change = (db, environment, remote, n) =>
  db.query(`SELECT release_change($1, $2, $3, $4, 'release', 'test', NULL)`, [
    environment,
    remote,
    n > 1 ? remoteUrl(remote, n - 1) : null,
    remoteUrl(remote, n),
  ]);

test("a notification for one remote reads that remote only, leaving the others' entries as they were, and the document equals a whole read", async () => {
  const environment = 'one-remote';
  const db = new pg.Client({ connectionString: postgres.databaseUrl });
  await db.connect();
  const watcher = watching(environment, { rereadMs: 60_000 });
  try {
    for (let n = 1; n <= 3; n += 1) await change(db, environment, 'booking', n);
    await change(db, environment, 'marketing', 1);
    await watcher.until((latest) => latest?.revision === 4, 'see the fourth change');

    await change(db, environment, 'marketing', 2);
    const merged = await watcher.until((latest) => latest?.revision === 5, 'see marketing move');
    assert.deepEqual(merged, await readRegistryDocument({ databaseUrl: postgres.databaseUrl, environment }));
    assert.deepEqual(merged?.previous, {
      booking: [remoteUrl('booking', 2), remoteUrl('booking', 1)],
      marketing: [remoteUrl('marketing', 1)],
    });

    // Booking moved behind the registry's back (no notification): marketing's next notification
    // leaves booking's entry as the watcher had it, so only marketing was read.
    await db.query(
      `UPDATE release_pointer SET manifest_url = $2 WHERE environment = $1 AND remote = 'booking'`,
      [environment, remoteUrl('booking', 9)],
    );
    await change(db, environment, 'marketing', 3);
    const partial = await watcher.until((latest) => latest?.revision === 6, 'see marketing move again');
    assert.equal(partial?.remotes.marketing, remoteUrl('marketing', 3));
    assert.equal(partial?.remotes.booking, remoteUrl('booking', 3));
    assert.deepEqual(partial?.previous?.marketing, [remoteUrl('marketing', 2), remoteUrl('marketing', 1)]);
  } finally {
    await watcher.close();
    await db.end();
  }
});

test('two remotes changed back to back both arrive', async () => {
  const environment = 'back-to-back';
  const db = new pg.Client({ connectionString: postgres.databaseUrl });
  await db.connect();
  const watcher = watching(environment, { rereadMs: 60_000 });
  try {
    await change(db, environment, 'marketing', 1);
    await change(db, environment, 'booking', 1);
    await watcher.until((latest) => latest?.revision === 2, 'see both first versions');
    await change(db, environment, 'marketing', 2);
    await change(db, environment, 'booking', 2);
    const latest = await watcher.until((document) => document?.revision === 4, 'see both changes');
    assert.deepEqual(latest?.remotes, {
      booking: remoteUrl('booking', 2),
      marketing: remoteUrl('marketing', 2),
    });
    assert.deepEqual(latest, await readRegistryDocument({ databaseUrl: postgres.databaseUrl, environment }));
  } finally {
    await watcher.close();
    await db.end();
  }
});

test('a burst of notifications from a team login makes at most one read a second, and the change after it arrives', async () => {
  const environment = 'notification-burst';
  const db = new pg.Client({ connectionString: postgres.databaseUrl });
  await db.connect();
  const watcher = watching(environment, { rereadMs: 60_000 });
  try {
    await change(db, environment, 'marketing', 1);
    await watcher.until((latest) => latest?.revision === 1, 'see the first change');
    const readsBefore = watcher.documents.length;
    const started = Date.now();

    // Anyone who may log in can NOTIFY: 500 of them, one by one, then one real change.
    for (let n = 0; n < 500; n += 1) {
      await db.query('SELECT pg_notify($1, $2)', [
        REGISTRY_REMOTE_CHANNEL,
        JSON.stringify({ environment, remote: 'marketing' }),
      ]);
    }
    await change(db, environment, 'marketing', 2);
    const latest = await watcher.until(
      (document) => document?.revision === 2,
      'see the change after the burst',
    );

    const reads = watcher.documents.length - readsBefore;
    const seconds = Math.ceil((Date.now() - started) / 1000);
    assert.ok(reads <= seconds + 1, `${reads} reads in ${seconds} s`);
    assert.equal(latest?.remotes.marketing, remoteUrl('marketing', 2));
  } finally {
    await watcher.close();
    await db.end();
  }
});

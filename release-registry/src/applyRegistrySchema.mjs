// Brings a database's registry schema up to date, once per process, before a command uses it.
import { MIGRATIONS } from './registrySchema.mjs';

/** Any constant: it makes two commands applying the schema at once take turns. */
const SCHEMA_LOCK = 7_341_034;

/**
 * Applies the migrations the database has not run yet, in one transaction. When it is up to date
 * this is one read, which a team's role may do; applying needs the owner's rights, so a team's
 * command on an older schema stops with a message saying so.
 * @param {import('pg').Pool} pool
 */
export async function applyRegistrySchema(pool) {
  const latest = MIGRATIONS.at(-1)?.version ?? 0;
  if ((await appliedVersion(pool)) >= latest) return;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS release_registry_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    await client.query('GRANT SELECT ON release_registry_migrations TO PUBLIC');
    const applied = await appliedVersion(client);
    for (const { version, sql } of MIGRATIONS.filter(({ version }) => version > applied)) {
      await client.query(sql);
      await client.query('INSERT INTO release_registry_migrations (version) VALUES ($1)', [version]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `the registry's schema needs migrating to version ${latest} (${reason}): run a release command once with the database owner's RELEASES_REGISTRY_URL`,
    );
  } finally {
    client.release();
  }
}

/** @param {import('pg').Pool | import('pg').PoolClient} db */
async function appliedVersion(db) {
  const table = await db.query(`SELECT to_regclass('release_registry_migrations') AS name`);
  if (!table.rows[0]?.name) return 0;
  const { rows } = await db.query(
    'SELECT coalesce(max(version), 0) AS version FROM release_registry_migrations',
  );
  return Number(rows[0]?.version ?? 0);
}

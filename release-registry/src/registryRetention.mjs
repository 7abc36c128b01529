// Each environment's keep settings (release_retention), held by the registry's owner: how many
// versions it had live, and for how many days after, a prune of any store keeps for it.
import pg from 'pg';
import { applyRegistrySchema } from './applyRegistrySchema.mjs';

/** An environment's keep settings when the owner set none: RELEASES_KEEP and RELEASES_KEEP_LIVE_DAYS' defaults. */
export const DEFAULT_RETENTION = Object.freeze({ keep: 5, keepLiveDays: 7 });

/**
 * @typedef {object} Retention
 * @property {number} keep the last versions an environment had live that are kept (besides its
 *   live one and its `previous`), and the newest on the host
 * @property {number} keepLiveDays any version live in it this many days ago or since is kept
 */

/**
 * The environment's keep settings as the owner set them, or null (DEFAULT_RETENTION applies).
 * @param {{ query: pg.Pool['query'] }} client @param {string} environment
 * @returns {Promise<Retention | null>}
 */
export async function readRetention(client, environment) {
  const { rows } = await client.query(
    'SELECT keep, keep_live_days FROM release_retention WHERE environment = $1',
    [environment],
  );
  const row = rows[0];
  return row ? { keep: Number(row.keep), keepLiveDays: Number(row.keep_live_days) } : null;
}

/**
 * Sets an environment's keep settings: the SQL an operator runs by hand (docs/releases.md), for
 * the tests and the bench. Needs the owner's login; applies the schema first.
 * @param {string} databaseUrl @param {{ environment: string } & Retention} retention
 */
export async function setRetention(databaseUrl, { environment, keep, keepLiveDays }) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    await applyRegistrySchema(pool);
    await pool.query(
      `INSERT INTO release_retention (environment, keep, keep_live_days) VALUES ($1, $2, $3)
       ON CONFLICT (environment) DO UPDATE SET keep = $2, keep_live_days = $3`,
      [environment, keep, keepLiveDays],
    );
  } finally {
    await pool.end();
  }
}

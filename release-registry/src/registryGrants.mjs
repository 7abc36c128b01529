// The operator's grants (release_grant): which role may move which remote in which environment.
import pg from 'pg';
import { applyRegistrySchema } from './applyRegistrySchema.mjs';

/**
 * Lets `grantee` (a team's role, or one CI job's login) move `remote` in `environment`: the SQL an
 * operator runs by hand (docs/releases.md), for the tests and the bench. Needs the owner's login;
 * applies the schema first, as the owner's first command would.
 * @param {string} databaseUrl
 * @param {{ grantee: string, remote: string, environment: string }} grant
 */
export async function grantRelease(databaseUrl, { grantee, remote, environment }) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    await applyRegistrySchema(pool);
    await pool.query(
      `INSERT INTO release_grant (grantee, remote, environment) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING`,
      [grantee, remote, environment],
    );
  } finally {
    await pool.end();
  }
}

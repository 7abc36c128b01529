// An environment's registry document: its shape, the one remotes.json has (release-tools' file
// registry writes it too), and reading it out of Postgres in one snapshot.
import { previousVersions, PREVIOUS_KEPT } from './previousVersions.mjs';

/**
 * @typedef {object} RegistryDocument the environment's remotes.json, as the shell reads it
 * @property {Record<string, string>} remotes each remote's live manifest URL
 * @property {boolean} [allowOverrides] QA overrides (never in production)
 * @property {number} revision one more with every change
 * @property {Record<string, string[]>} [previous] each remote's manifest URLs live before its
 *   current one, newest first, distinct, at most 5 (absent from files written before it existed)
 */

/**
 * @typedef {Pick<import('pg').ClientBase, 'query'>} Queryable a client (a pool would split the
 *   snapshot over several connections)
 */

/**
 * The environment's document: each remote's live manifest URL, whether QA overrides are allowed,
 * the revision, and each remote's earlier versions (`previous`), all from one snapshot.
 * @param {Queryable} client @param {string} environment
 * @returns {Promise<Required<RegistryDocument> | null>} null before the environment's first change
 */
export async function queryRegistryDocument(client, environment) {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    const { rows: found } = await client.query(
      'SELECT allow_overrides, revision FROM release_environment WHERE environment = $1',
      [environment],
    );
    const settings = found[0];
    if (!settings) return null;
    const { rows: pointers } = await client.query(
      'SELECT remote, manifest_url FROM release_pointer WHERE environment = $1 ORDER BY remote',
      [environment],
    );
    // Each earlier version once, at the last change that left it: enough for previousVersions.
    const { rows: left } = await client.query(
      `SELECT remote, from_url AS "from" FROM (
         SELECT remote, from_url, max(revision) AS last,
                row_number() OVER (PARTITION BY remote ORDER BY max(revision) DESC) AS place
         FROM release_history WHERE environment = $1 AND from_url IS NOT NULL
         GROUP BY remote, from_url) AS versions
       WHERE place <= $2 ORDER BY last`,
      [environment, PREVIOUS_KEPT + 1],
    );
    const remotes = Object.fromEntries(pointers.map((row) => [row.remote, row.manifest_url]));
    return {
      remotes,
      allowOverrides: settings.allow_overrides,
      revision: Number(settings.revision),
      previous: previousVersions(left, remotes),
    };
  } finally {
    await client.query('COMMIT');
  }
}

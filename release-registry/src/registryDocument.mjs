// An environment's registry document read out of Postgres in one snapshot (its shape, the one
// remotes.json has, is registryDocumentShape.mjs's).
import { previousVersions, PREVIOUS_KEPT } from './previousVersions.mjs';

/** @typedef {import('./registryDocumentShape.mjs').RegistryDocument} RegistryDocument */

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
  return inSnapshot(client, async () => {
    const settings = await readSettings(client, environment);
    if (!settings) return null;
    const { rows: pointers } = await client.query(
      'SELECT remote, manifest_url FROM release_pointer WHERE environment = $1 ORDER BY remote',
      [environment],
    );
    const remotes = Object.fromEntries(pointers.map((row) => [row.remote, row.manifest_url]));
    const left = await readLeftVersions(client, environment, Object.keys(remotes));
    return { ...settings, remotes, previous: previousVersions(left, remotes) };
  });
}

/**
 * `document` with `changed` remotes read again (their live URL and `previous`), and the
 * environment's revision and allowOverrides, from one snapshot: what a notification naming those
 * remotes needs, at the cost of their rows only. Any other remote moved since `document`'s
 * revision (its pointer's revision is later) is read too, so the document never carries a
 * revision whose change it lacks (its notification may still be on the way). The others' entries
 * are `document`'s.
 * @param {Queryable} client @param {string} environment @param {string[]} changed
 * @param {Required<RegistryDocument>} document the environment's, as read before
 * @returns {Promise<Required<RegistryDocument> | null>} null when the environment is gone
 */
export async function queryRemotesInto(client, environment, changed, document) {
  return inSnapshot(client, async () => {
    const settings = await readSettings(client, environment);
    if (!settings) return null;
    const { rows: pointers } = await client.query(
      `SELECT remote, manifest_url FROM release_pointer
       WHERE environment = $1 AND (remote = ANY($2) OR revision > $3)`,
      [environment, changed, document.revision],
    );
    const live = Object.fromEntries(pointers.map((row) => [row.remote, row.manifest_url]));
    const read = [...new Set([...changed, ...Object.keys(live)])];
    const previous = previousVersions(await readLeftVersions(client, environment, read), live);
    const remotes = { ...withoutRemotes(document.remotes, read), ...live };
    const previousOfAll = { ...withoutRemotes(document.previous, read), ...previous };
    // In the order a whole read gives, so a document read either way is the same text.
    return { ...settings, remotes: sortedByKey(remotes), previous: sortedByKey(previousOfAll) };
  });
}

/**
 * Runs `read` in one read-only snapshot on `client`.
 * @template T @param {Queryable} client @param {() => Promise<T>} read
 */
async function inSnapshot(client, read) {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    return await read();
  } finally {
    await client.query('COMMIT');
  }
}

/** @param {Queryable} client @param {string} environment */
async function readSettings(client, environment) {
  const { rows } = await client.query(
    'SELECT allow_overrides, revision FROM release_environment WHERE environment = $1',
    [environment],
  );
  const settings = rows[0];
  if (!settings) return null;
  return { allowOverrides: Boolean(settings.allow_overrides), revision: Number(settings.revision) };
}

/**
 * The remotes' earlier versions, each once at the last change that left it, the newest
 * PREVIOUS_KEPT + 1 per remote (one may be the live one), oldest first: enough for
 * previousVersions. It reads the index on (environment, remote, revision) for those remotes only,
 * over a history the registry keeps short (release_change prunes it).
 * @param {Queryable} client @param {string} environment @param {string[]} remotes
 * @returns {Promise<Array<{ remote: string, from: string }>>}
 */
async function readLeftVersions(client, environment, remotes) {
  const { rows } = await client.query(
    `SELECT remote, from_url AS "from" FROM (
       SELECT remote, from_url, max(revision) AS last,
              row_number() OVER (PARTITION BY remote ORDER BY max(revision) DESC) AS place
       FROM release_history WHERE environment = $1 AND remote = ANY($2) AND from_url IS NOT NULL
       GROUP BY remote, from_url) AS versions
     WHERE place <= $3 ORDER BY last`,
    [environment, remotes, PREVIOUS_KEPT + 1],
  );
  return rows;
}

/**
 * `record` without the entries of `remotes` (those read again replace them, or are gone).
 * @template T @param {Record<string, T>} record @param {string[]} remotes
 * @returns {Record<string, T>}
 */
const withoutRemotes = (record, remotes) =>
  Object.fromEntries(Object.entries(record).filter(([remote]) => !remotes.includes(remote)));

/**
 * @template T @param {Record<string, T>} record
 * @returns {Record<string, T>}
 */
const sortedByKey = (record) =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

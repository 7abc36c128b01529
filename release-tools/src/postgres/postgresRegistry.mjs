// The registry in Postgres: the same interface as the file registry (registry.mjs), shared by
// every machine that reaches the database, one environment per instance.
import pg from 'pg';
import {
  applyRegistrySchema,
  queryRegistryDocument,
  readRetention,
  REGISTRY_CONFLICT,
} from 'release-registry';
import { RegistryConflictError } from '../registry.mjs';

/** PostgreSQL's SQLSTATE for a transaction a concurrent one made impossible to serialize. */
const SERIALIZATION_FAILURE = '40001';

/**
 * @typedef {import('../registry.mjs').RegistryChange} RegistryChange
 * @typedef {Parameters<import('../registry.mjs').Registry['change']>[0]} ChangeRequest
 */

/**
 * One environment's registry in Postgres. A change is one call of the schema's `release_change`
 * (release-registry's registrySchema.mjs), which counts the revision, moves the pointer only if it
 * still holds the URL the caller read, writes the history row and notifies the shell servers, in one
 * transaction; a stale read is refused (RegistryConflictError). The database decides who may move
 * what: the tables' owner anything, a team's role its remote in the environments granted to it.
 */
export class PostgresRegistry {
  /**
   * @param {{ databaseUrl?: string, pool?: pg.Pool, environment: string, role?: string, historyKept?: number, retention?: import('release-registry').Retention, database?: string }} options
   *   `pool`: another environment's connections to share (everyEnvironment), else its own to
   *   `databaseUrl`; `role`: the team role a change acts as (SET LOCAL ROLE), for a login that
   *   holds more than one; a team's CI logs in as its own role and needs none; `historyKept`: the
   *   history rows kept per remote (RELEASES_KEEP_HISTORY), which the database records for the
   *   environment when the owner changes it and ignores from anyone else (release_change);
   *   `retention`: the keep settings (RELEASES_KEEP, RELEASES_KEEP_LIVE_DAYS) recorded for the
   *   environment with a change the owner makes, and never from anyone else (release_retention);
   *   `database`: its address for names (databaseAddress), given with `pool`
   */
  constructor({ databaseUrl, pool, environment, role, historyKept, retention, database }) {
    this.environment = environment;
    this.retentionToRecord = retention;
    /** The database, without its credentials, for names: `postgres://<host>/<database>`. */
    this.database = database ?? databaseAddress(databaseUrl ?? '');
    /** Which registry this is, as a store records it (retention.mjs). */
    this.name = `${environment} in ${this.database}`;
    this.role = role;
    this.historyKept = historyKept;
    // allowExitOnIdle: a command ends when its work does, without closing the pool itself.
    this.pool = pool ?? new pg.Pool({ connectionString: databaseUrl, allowExitOnIdle: true });
    // An idle connection lost (the database restarted) is replaced at the next query; without a
    // listener its error would end the process.
    if (!pool) this.pool.on('error', () => {});
    /** @type {Promise<void> | undefined} */
    this.schemaReady = undefined;
  }

  /** @returns {Promise<Required<import('../registry.mjs').RegistryDocument> | null>} */
  async read() {
    return this.#withClient((client) => queryRegistryDocument(client, this.environment));
  }

  /**
   * Points one remote at a manifest URL, as Registry#change does.
   * @param {ChangeRequest} change
   * @returns {Promise<RegistryChange | null>} null when the remote already pointed there
   */
  async change(change) {
    try {
      return await this.#changeOnce(change);
    } catch (error) {
      // Under `default_transaction_isolation = serializable` two changes to different remotes can
      // fail one another (both count the environment's revision); a second try, with the same expected
      // pointer, lands or meets the real conflict as RG409. Once, so a database that keeps
      // failing says so instead of looping.
      if (/** @type {{ code?: string }} */ (error).code !== SERIALIZATION_FAILURE) throw error;
      return this.#changeOnce(change);
    }
  }

  /** One transaction of `change`. @param {ChangeRequest} change */
  async #changeOnce(change) {
    const { remote, expected, to } = change;
    return this.#withClient(async (client) => {
      await client.query('BEGIN');
      try {
        if (this.role) await client.query(`SET LOCAL ROLE ${client.escapeIdentifier(this.role)}`);
        const entry =
          expected === to
            ? await this.#confirmUnchanged(client, remote, expected)
            : await this.#move(client, change);
        await this.#recordRetention(client);
        await client.query('COMMIT');
        return entry;
      } catch (error) {
        await client.query('ROLLBACK');
        if (/** @type {{ code?: string }} */ (error).code !== REGISTRY_CONFLICT) throw error;
        throw new RegistryConflictError(`${/** @type {Error} */ (error).message}: run the command again`);
      }
    });
  }

  /**
   * Every change, oldest first (of one remote, if named).
   * @param {string} [remote]
   * @returns {Promise<RegistryChange[]>}
   */
  async history(remote) {
    return this.#withClient(async (client) => {
      const { rows } = await client.query(
        `SELECT revision, at, remote, action, from_url, to_url, actor, commit, environment, db_role, verified
         FROM release_history WHERE environment = $1 AND ($2::text IS NULL OR remote = $2)
         ORDER BY revision`,
        [this.environment, remote ?? null],
      );
      return rows.map((row) => ({
        revision: Number(row.revision),
        at: new Date(row.at).toISOString(),
        remote: row.remote,
        action: row.action,
        from: row.from_url,
        to: row.to_url,
        actor: row.actor ?? undefined,
        commit: row.commit,
        environment: row.environment,
        role: row.db_role ?? undefined,
        // A row from before migration 2 has no role: whether it was verified is unknown.
        verified: row.db_role === null ? undefined : row.verified,
      }));
    });
  }

  /**
   * The environment's keep settings as the registry's owner set them, or null (the defaults).
   * @returns {Promise<import('release-registry').Retention | null>}
   */
  async retention() {
    return this.#withClient((client) => readRetention(client, this.environment));
  }

  /**
   * The registry of every environment in the database, this one's among them, on this one's
   * connections: a prune reads them all, since every environment's versions may be in one store.
   * @returns {Promise<PostgresRegistry[]>}
   */
  async everyEnvironment() {
    const { rows } = await this.#withClient((client) =>
      client.query('SELECT environment FROM release_environment ORDER BY environment'),
    );
    return rows.map(({ environment }) =>
      environment === this.environment ? this : this.#sibling(environment),
    );
  }

  /**
   * Another environment's registry on this one's connections and schema check (closing it closes
   * this one's pool: close this one instead). @param {string} environment
   */
  #sibling(environment) {
    const sibling = new PostgresRegistry({
      pool: this.pool,
      environment,
      role: this.role,
      historyKept: this.historyKept,
      database: this.database,
    });
    sibling.schemaReady = this.schemaReady;
    return sibling;
  }

  /** Closes the pool's connections (a command need not: idle connections let it exit). */
  async close() {
    await this.pool.end();
  }

  /**
   * The change, and the prune of the remote's history that release_change makes with it.
   * @param {pg.PoolClient} client @param {ChangeRequest} change
   * @returns {Promise<RegistryChange>}
   */
  async #move(
    client,
    { remote, expected, to, action, allowOverrides = false, verified = false, audit, keepHistoryOf },
  ) {
    const { environment } = this;
    const { rows } = await client.query(
      'SELECT revision, at FROM release_change($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)',
      [
        environment,
        remote,
        expected,
        to,
        action,
        audit?.actor ?? null,
        audit?.commit ?? null,
        verified,
        allowOverrides,
        this.historyKept ?? null,
        keepHistoryOf ?? null,
      ],
    );
    const revision = Number(rows[0]?.revision);
    const at = new Date(rows[0]?.at).toISOString();
    return { revision, at, remote, action, from: expected, to, ...audit, environment, verified };
  }

  /**
   * Records the environment's keep settings, when the caller owns the registry (a team's role has
   * no right to write them, and asking would fail its change). @param {pg.PoolClient} client
   */
  async #recordRetention(client) {
    if (!this.retentionToRecord) return;
    const { rows } = await client.query(
      `SELECT pg_has_role(current_user,
         (SELECT relowner FROM pg_class WHERE oid = 'public.release_retention'::regclass), 'USAGE') AS owns`,
    );
    if (!rows[0]?.owns) return;
    const { keep, keepLiveDays } = this.retentionToRecord;
    await client.query(
      `INSERT INTO release_retention (environment, keep, keep_live_days) VALUES ($1, $2, $3)
       ON CONFLICT (environment) DO UPDATE SET keep = $2, keep_live_days = $3`,
      [this.environment, keep, keepLiveDays],
    );
  }

  /**
   * A change to where the remote already points: nothing to do, if the caller's read still holds.
   * @param {pg.PoolClient} client @param {string} remote @param {string | null} expected
   */
  async #confirmUnchanged(client, remote, expected) {
    if ((await this.#pointer(client, remote)) !== expected) {
      throw await this.#conflict(client, remote, expected);
    }
    return null;
  }

  /** @param {pg.PoolClient} client @param {string} remote @param {string | null} expected */
  async #conflict(client, remote, expected) {
    const now = await this.#pointer(client, remote);
    return new RegistryConflictError(
      `${remote} in ${this.environment} changed since you read it (it is now ${now ?? 'unset'}, not ${expected ?? 'unset'}): run the command again`,
    );
  }

  /** @param {pg.PoolClient} client @param {string} remote @returns {Promise<string | null>} */
  async #pointer(client, remote) {
    const { rows } = await client.query(
      'SELECT manifest_url FROM release_pointer WHERE environment = $1 AND remote = $2',
      [this.environment, remote],
    );
    return rows[0]?.manifest_url ?? null;
  }

  /**
   * @template T
   * @param {(client: pg.PoolClient) => Promise<T>} work
   * @returns {Promise<T>}
   */
  async #withClient(work) {
    this.schemaReady ??= applyRegistrySchema(this.pool);
    await this.schemaReady;
    const client = await this.pool.connect();
    try {
      return await work(client);
    } finally {
      client.release();
    }
  }
}

/** A database URL without its credentials: `postgres://<host>/<database>`. @param {string} databaseUrl */
export function databaseAddress(databaseUrl) {
  const { host, pathname } = new URL(databaseUrl || 'postgres://unknown');
  return `postgres://${host}${pathname}`;
}

import pg from 'pg';
import { setRoleStatement, type Database } from './Database';
import { applyMigrations } from './migrations';

/** A Postgres server (DATABASE_URL): the same migrations, the same role switching. */
export async function openPostgresDatabase(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  const inTransaction = async <T>(prepare: string | null, work: (client: pg.PoolClient) => Promise<T>) => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      if (prepare) await client.query(prepare);
      const result = await work(client);
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
  };
  const database: Database = {
    description: `Postgres at ${new URL(connectionString).host}`,
    query: async (sql, params) => (await pool.query(sql, params)).rows,
    asRole: (role, work) =>
      inTransaction(setRoleStatement(role), (client) =>
        work(async (sql, params) => (await client.query(sql, params)).rows),
      ),
    execScript: async (sql) => {
      await inTransaction(null, (client) => client.query(sql));
    },
    listen: async (channel, onNotice) => {
      // A connection of its own: LISTEN lasts as long as the session.
      const client = await pool.connect();
      client.on('notification', (message) => {
        if (message.channel === channel) onNotice(message.payload ?? '');
      });
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      return async () => {
        await client.query(`unlisten ${pg.escapeIdentifier(channel)}`);
        client.release();
      };
    },
    close: () => pool.end(),
  };
  await applyMigrations(database);
  return database;
}

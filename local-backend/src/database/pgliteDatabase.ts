import { existsSync } from 'node:fs';
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { setRoleStatement, type Database, type Query } from './Database';
import { applyMigrations, schemaFingerprint } from './migrations';

/** pgcrypto, which the booking proof's migration creates (hosted Supabase has it in `extensions`). */
const EXTENSIONS = { extensions: { pgcrypto } };

function wrap(db: PGlite, description: string): Database {
  const query: Query = async (sql, params) => (await db.query<Record<string, unknown>>(sql, params)).rows;
  return {
    description,
    query,
    asRole: (role, work) =>
      db.transaction(async (tx) => {
        await tx.exec(setRoleStatement(role));
        return work(async (sql, params) => (await tx.query<Record<string, unknown>>(sql, params)).rows);
      }),
    execScript: async (sql) => {
      await db.transaction(async (tx) => {
        await tx.exec(sql);
      });
    },
    listen: (channel, onNotice) => db.listen(channel, onNotice),
    close: () => db.close(),
  };
}

/**
 * A migrated cluster, dumped once per schema version: creating a PGlite cluster from nothing
 * takes seconds, loading this snapshot a fraction of that.
 */
async function migratedSnapshot(snapshotDir: string): Promise<Blob> {
  const file = path.join(snapshotDir, `pglite-${await schemaFingerprint()}.tar.gz`);
  if (existsSync(file)) return new Blob([await readFile(file)]);
  const fresh = await PGlite.create(EXTENSIONS);
  await applyMigrations(wrap(fresh, 'snapshot'));
  const dump = await fresh.dumpDataDir('gzip');
  await fresh.close();
  await mkdir(snapshotDir, { recursive: true });
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  return dump;
}

interface PgliteOptions {
  /** Folder the cluster lives in; omitted, the database lives in memory (tests). */
  dataDir?: string;
  /** Where migrated snapshots are kept between runs. */
  snapshotDir: string;
}

export async function openPgliteDatabase({ dataDir, snapshotDir }: PgliteOptions): Promise<Database> {
  const hasCluster = dataDir !== undefined && existsSync(path.join(dataDir, 'PG_VERSION'));
  const db = hasCluster
    ? await PGlite.create(dataDir, EXTENSIONS)
    : await PGlite.create(dataDir, { ...EXTENSIONS, loadDataDir: await migratedSnapshot(snapshotDir) });
  const database = wrap(db, dataDir ? `PGlite at ${dataDir}` : 'PGlite in memory');
  // An existing cluster may predate the newest migration files.
  if (hasCluster) await applyMigrations(database);
  return database;
}

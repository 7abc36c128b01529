import path from 'node:path';
import type { Database } from './Database';
import { openPgliteDatabase } from './pgliteDatabase';
import { openPostgresDatabase } from './postgresDatabase';

interface OpenDatabaseOptions {
  /** A Postgres server; when absent, an embedded PGlite. */
  databaseUrl?: string;
  /** PGlite's folder; omitted, an in-memory database (tests). */
  dataDir?: string;
  /** Where PGlite keeps migrated snapshots. */
  snapshotDir?: string;
}

export const DEFAULT_LOCAL_DATA_DIR = path.resolve(__dirname, '..', '..', '..', '.local-data');

export function openDatabase({
  databaseUrl,
  dataDir,
  snapshotDir,
}: OpenDatabaseOptions = {}): Promise<Database> {
  if (databaseUrl) return openPostgresDatabase(databaseUrl);
  return openPgliteDatabase({
    dataDir,
    snapshotDir: snapshotDir ?? path.join(DEFAULT_LOCAL_DATA_DIR, 'snapshots'),
  });
}

import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from './Database';

const PACKAGE_DIR = path.resolve(__dirname, '..', '..');
/** The product's migrations: the same files a site owner applies to hosted Supabase. */
export const MIGRATIONS_DIR = path.resolve(PACKAGE_DIR, '..', 'supabase', 'migrations');
/** What hosted Supabase has before any migration (roles, default grants). */
const PLATFORM_SQL = path.join(PACKAGE_DIR, 'sql', 'supabase-platform.sql');
/** The local stand-ins' own tables (the e-mail outbox), applied after the product's. */
const LOCAL_SQL = path.join(PACKAGE_DIR, 'sql', 'email-outbox.sql');

async function migrationFiles(): Promise<string[]> {
  return (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort();
}

/** Changes whenever any SQL the database is built from changes. */
export async function schemaFingerprint(): Promise<string> {
  const hash = createHash('sha256');
  for (const file of [
    PLATFORM_SQL,
    ...(await migrationFiles()).map((name) => path.join(MIGRATIONS_DIR, name)),
    LOCAL_SQL,
  ]) {
    hash.update(path.basename(file)).update(await readFile(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Applies, in order and once each, the platform set-up, the pending migrations and the local tables. */
export async function applyMigrations(database: Database): Promise<string[]> {
  await database.execScript(await readFile(PLATFORM_SQL, 'utf8'));
  await database.execScript(`
    create schema if not exists local_backend;
    create table if not exists local_backend.applied_migrations (
      name text primary key,
      applied_at timestamptz not null default now()
    );
  `);
  const applied = new Set(
    (await database.query('select name from local_backend.applied_migrations')).map((row) =>
      String(row.name),
    ),
  );
  const newlyApplied: string[] = [];
  for (const name of await migrationFiles()) {
    if (applied.has(name)) continue;
    const sql = await readFile(path.join(MIGRATIONS_DIR, name), 'utf8');
    await database.execScript(
      `${sql};\ninsert into local_backend.applied_migrations (name) values ('${name.replace(/'/g, "''")}');`,
    );
    newlyApplied.push(name);
  }
  await database.execScript(await readFile(LOCAL_SQL, 'utf8'));
  return newlyApplied;
}

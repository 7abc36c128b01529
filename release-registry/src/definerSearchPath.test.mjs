// The registry's functions never look up a name in the caller's temporary schema before the
// catalogue's: every function that sets its search_path (each SECURITY DEFINER one must) ends it
// with pg_temp (registrySchema.mjs, version 4, says why; callersTemporaryObjects.test.mjs shows the
// attack). `search_path = ''`, which Supabase's advisor accepts, is refused here.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { applyRegistrySchema } from './applyRegistrySchema.mjs';
import { startPostgresForTests } from './postgresServerForTests.mjs';

/** @type {Awaited<ReturnType<typeof startPostgresForTests>>} */
let postgres;
/** @type {pg.Pool} */
let pool;
before(async () => {
  postgres = await startPostgresForTests();
  pool = new pg.Pool({ connectionString: postgres.databaseUrl });
  await applyRegistrySchema(pool);
});
after(async () => {
  await pool.end();
  await postgres.close();
});

/** The registry's schema is public; functions of an extension installed there are not its. */
const REGISTRY_FUNCTIONS = `
  SELECT p.oid::regprocedure::text AS name, p.prosecdef AS definer,
         (SELECT substr(setting, length('search_path=') + 1)
          FROM unnest(p.proconfig) setting WHERE setting LIKE 'search_path=%') AS search_path
  FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
  WHERE n.nspname = 'public'
    AND NOT EXISTS (SELECT FROM pg_depend d
                    WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')`;

const endsWithPgTemp = (/** @type {string} */ searchPath) =>
  searchPath.split(',').at(-1)?.trim().replace(/^"|"$/g, '') === 'pg_temp';

test("every security definer function sets a search_path, and every function's search_path ends with pg_temp", async () => {
  const { rows } = await pool.query(REGISTRY_FUNCTIONS);
  assert.ok(
    rows.some(({ name }) => name.startsWith('release_change(')),
    'release_change is among them',
  );
  assert.deepEqual(
    rows.filter(({ definer, search_path }) => definer && search_path === null).map(({ name }) => name),
    [],
  );
  assert.deepEqual(
    rows
      .filter(({ search_path }) => search_path !== null && !endsWithPgTemp(search_path))
      .map(({ name, search_path }) => `${name}: search_path = ${search_path}`),
    [],
  );
});

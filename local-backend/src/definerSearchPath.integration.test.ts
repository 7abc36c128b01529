// The bookings database's functions never look up a name in the caller's temporary schema before
// the catalogue's: every function that sets its search_path (each SECURITY DEFINER one must) ends
// it with pg_temp (20270209090000_definer_search_path.sql says why). `search_path = ''`, which
// Supabase's advisor accepts, is refused here: it still searches pg_temp first, for types and tables.
import { setUpTestBackend } from './testing/setUpTestBackend';

const backend = setUpTestBackend({ forgetBookingsBeforeEach: false });

/** The product's schemas. rpc.integration.test.ts's fixtures (rpc_test_*) share them on a shared server. */
const OWN_FUNCTIONS = `
  select p.oid::regprocedure::text as name, p.prosecdef as definer,
         (select substr(setting, length('search_path=') + 1)
          from unnest(p.proconfig) setting where setting like 'search_path=%') as search_path
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname in ('public', 'private') and p.proname not like 'rpc\\_test\\_%'
    and not exists (select from pg_depend d
                    where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`;

const endsWithPgTemp = (searchPath: string) =>
  searchPath.split(',').at(-1)?.trim().replace(/^"|"$/g, '') === 'pg_temp';

test("every security definer function sets a search_path, and every function's search_path ends with pg_temp", async () => {
  const functions = (await backend.database.query(OWN_FUNCTIONS)).map((row) => ({
    name: String(row.name),
    definer: row.definer === true,
    searchPath: typeof row.search_path === 'string' ? row.search_path : null,
  }));
  expect(functions.filter(({ definer }) => definer).length).toBeGreaterThan(10);

  const without = functions.filter(({ definer, searchPath }) => definer && searchPath === null);
  const pgTempNotLast = functions.filter(
    ({ searchPath }) => searchPath !== null && !endsWithPgTemp(searchPath),
  );
  expect(without.map(({ name }) => name)).toEqual([]);
  expect(pgTempNotLast.map(({ name, searchPath }) => `${name}: search_path = ${searchPath}`)).toEqual([]);
});

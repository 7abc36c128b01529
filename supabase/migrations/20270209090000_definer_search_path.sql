-- Every function of ours that sets its own search_path gets `pg_catalog, pg_temp`: pg_temp written
-- last. With `search_path = ''` PostgreSQL still looks up type and relation names in the caller's
-- temporary schema first, so a caller able to create temporary objects could put a domain (with a
-- CHECK calling its own code) where a body names `text` or `date`, and a SECURITY DEFINER function
-- would run that code as its owner. PostgreSQL's advice for SECURITY DEFINER is this path.
--
-- A DO block over pg_proc rather than a list of ~55 names: it reaches every such function in
-- `public` and `private` that exists when it runs, including those of migrations written at the
-- same time as this one (20270202090000_slot_rules_clock.sql), and cannot miss one by a typo. A
-- function created later sets `pg_catalog, pg_temp` itself; definerSearchPath.integration.test.ts
-- (local-backend) fails on any function whose search_path does not end with pg_temp.
--
-- Defence in depth here: anon and authenticated reach this database only through PostgREST, which
-- creates no temporary objects for them. Functions belonging to an extension are not ours to alter.
do $$
declare
  own_function regprocedure;
begin
  for own_function in
    select p.oid::regprocedure
    from pg_catalog.pg_proc p
    join pg_catalog.pg_namespace n on n.oid = p.pronamespace
    where n.nspname in ('public', 'private')
      and exists (select from pg_catalog.unnest(p.proconfig) setting where setting like 'search_path=%')
      and not exists (
        select from pg_catalog.pg_depend d
        where d.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass and d.objid = p.oid and d.deptype = 'e'
      )
  loop
    execute pg_catalog.format('alter function %s set search_path = pg_catalog, pg_temp', own_function);
  end loop;
end;
$$;

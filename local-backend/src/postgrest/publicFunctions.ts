// Owns the catalog side of RPC: what PostgREST's schema cache knows about the functions of schema
// public (their input parameters, what they return, their volatility), read from pg_catalog.
import type { Database } from '../database/Database';

export interface FunctionParam {
  /** '' for an unnamed parameter, which no JSON key can name. */
  name: string;
  /** A type name Postgres accepts in a column definition list (json_to_record). */
  type: string;
  /** No default: a call must name it. */
  required: boolean;
  variadic: boolean;
}

/** PostgREST's four shapes of result, plus void (answered 204). */
export type ReturnShape = 'void' | 'scalar' | 'setof scalar' | 'composite' | 'setof composite';

export interface PublicFunction {
  name: string;
  params: FunctionParam[];
  returns: ReturnShape;
  /** pg_proc.provolatile: 'v'olatile, 's'table or 'i'mmutable; decides the access mode of a POST. */
  volatility: 'v' | 's' | 'i';
}

/**
 * Input parameters only (modes i, b, v), in call order. Types as PostgREST takes them: character
 * and bit widen to their varying forms, as a bare `character` would truncate to one letter. A
 * function whose result is a composite type, or that has OUT / INOUT / TABLE columns, returns rows.
 */
const OVERLOADS_SQL = `
  select p.proretset as returns_set,
         p.prorettype = 'pg_catalog.void'::regtype as returns_void,
         (t.typtype = 'c' or coalesce(p.proargmodes::text[] && '{t,b,o}', false)) as returns_composite,
         p.provolatile::text as volatility,
         coalesce(args.list, '[]'::json)::text as params
  from pg_proc p
  join pg_type t on t.oid = p.prorettype
  left join lateral (
    select json_agg(json_build_object(
             'name', coalesce(a.name, ''),
             'type', case a.type
                       when 'bit'::regtype then 'bit varying'
                       when 'bit[]'::regtype then 'bit varying[]'
                       when 'character'::regtype then 'character varying'
                       when 'character[]'::regtype then 'character varying[]'
                       else a.type::regtype::text
                     end,
             'required', a.position <= p.pronargs - p.pronargdefaults,
             'variadic', a.mode = 'v'
           ) order by a.position) as list
    from (
      select arg.type, arg.name, coalesce(arg.mode, 'i') as mode,
             row_number() over (order by arg.idx) as position
      from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]), p.proargmodes::text[], p.proargnames)
             with ordinality as arg(type, mode, name, idx)
      where coalesce(arg.mode, 'i') in ('i', 'b', 'v')
    ) a
  ) args on true
  where p.pronamespace = 'public'::regnamespace and p.proname = $1 and p.prokind = 'f'
    and p.prorettype <> 'pg_catalog.trigger'::regtype`;

function returnShape(row: Record<string, unknown>): ReturnShape {
  if (row.returns_void === true) return 'void';
  const kind = row.returns_composite === true ? 'composite' : 'scalar';
  return row.returns_set === true ? `setof ${kind}` : kind;
}

/**
 * Every overload of public.<name>. Read on each call rather than cached: PostgREST needs a schema
 * reload after `create function`, but a local backend whose tests create functions should not.
 * Read as the owner, like PostgREST's schema cache, so a function the caller may not execute is
 * still found, and the call then fails on Postgres's own permission check (42501).
 */
export async function publicFunctionOverloads(database: Database, name: string): Promise<PublicFunction[]> {
  const rows = await database.query(OVERLOADS_SQL, [name]);
  return rows.map((row) => ({
    name,
    params: JSON.parse(String(row.params)) as FunctionParam[],
    returns: returnShape(row),
    volatility: String(row.volatility) as PublicFunction['volatility'],
  }));
}

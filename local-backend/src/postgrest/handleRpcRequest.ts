// Owns PostgREST's RPC endpoint, /rest/v1/rpc/<fn>: reading a call's arguments, calling the
// function of schema public as the request's role, and answering its result in PostgREST's shapes.
import type { ApiRole, Database, Query, Row } from '../database/Database';
import { describeRequest, shape, type RestResponse } from './handleRestRequest';
import { matchFunction, takesWholeBody } from './matchFunction';
import { parseQuery } from './parseQuery';
import { PostgrestError } from './PostgrestError';
import { publicFunctionOverloads, type PublicFunction } from './publicFunctions';

export interface RpcRequest {
  method: string;
  /** The function's name, from /rest/v1/rpc/<fn>. */
  fn: string;
  /** The URL's path, for request.path. */
  path: string;
  search: URLSearchParams;
  /** Every request header, lower-cased, for request.headers (see RestRequest). */
  headers: Record<string, string>;
  /** A POST's parsed JSON body; an empty body arrives as {}, as PostgREST reads it. */
  body: unknown;
  role: ApiRole;
}

/** Query parameters that shape a GET's result rather than name an argument. */
const READ_RESERVED = new Set(['select', 'columns', 'on_conflict', 'order', 'limit', 'offset', 'and', 'or']);
/** PostgREST's operators: a GET parameter whose value starts with one is a filter, not an argument. */
const OPERATOR =
  /^(not\.)?(eq|neq|gt|gte|lt|lte|like|ilike|match|imatch|in|is|isdistinct|fts|plfts|phfts|wfts|cs|cd|ov|sl|sr|nxr|nxl|adj)(\([^)]*\))?\./;

interface CallInput {
  args: Record<string, unknown>;
  /** What reads the result: select, filters, order, limit. */
  reading: URLSearchParams;
}

/** POST names the arguments in its JSON body; GET and HEAD in the query string, beside the filters. */
function callInput(request: RpcRequest): CallInput {
  if (request.method === 'POST') {
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new PostgrestError(
        400,
        'PGRST102',
        'All object keys must match',
        'Expected a JSON object of named arguments',
      );
    }
    return { args: body as Record<string, unknown>, reading: request.search };
  }
  const args: Record<string, unknown> = {};
  const reading = new URLSearchParams();
  for (const [key, value] of request.search) {
    if (READ_RESERVED.has(key) || OPERATOR.test(value)) reading.append(key, value);
    else args[key] = value;
  }
  return { args, reading };
}

/** Names from the catalog, quoted whatever their spelling (they were matched, not taken from the URL). */
function quoteName(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function returnsRows(fn: PublicFunction): boolean {
  return fn.returns === 'composite' || fn.returns === 'setof composite';
}

/** The call as a FROM item: a function returning rows is one; a scalar is wrapped into a column. */
function callFrom(fn: PublicFunction, callee: string, argList: string): string {
  return returnsRows(fn)
    ? `${callee}(${argList}) pgrst_call`
    : `(select ${callee}(${argList}) as pgrst_scalar) pgrst_call`;
}

function columnsOf(fn: PublicFunction): string {
  return returnsRows(fn) ? 'pgrst_call.*' : 'pgrst_call.pgrst_scalar';
}

/**
 * The call, as PostgREST writes it: the arguments travel as one JSON object ($1) and
 * json_to_record gives each the function's own parameter type, so "2025-01-31" arrives as a date,
 * [1, 2] as an int[] and a query string's "5" as an integer. Only the named parameters are passed,
 * so the others take their defaults. A function of one unnamed json/jsonb parameter gets the body.
 */
function callSql(fn: PublicFunction, keys: Set<string>): { sql: string; hasArgs: boolean } {
  const callee = `public.${quoteName(fn.name)}`;
  if (takesWholeBody(fn)) {
    return {
      sql: `select ${columnsOf(fn)} from ${callFrom(fn, callee, `$1::${fn.params[0]?.type}`)}`,
      hasArgs: true,
    };
  }
  const given = fn.params.filter((param) => keys.has(param.name));
  const argList = given
    .map(
      (param) =>
        `${param.variadic ? 'variadic ' : ''}${quoteName(param.name)} => pgrst_body.${quoteName(param.name)}`,
    )
    .join(', ');
  const call = callFrom(fn, callee, argList);
  const columns = columnsOf(fn);
  if (given.length === 0) return { sql: `select ${columns} from ${call}`, hasArgs: false };
  const definitions = given.map((param) => `${quoteName(param.name)} ${param.type}`).join(', ');
  return {
    sql: `select ${columns} from json_to_record($1::json) as pgrst_body(${definitions}), lateral ${call}`,
    hasArgs: true,
  };
}

/**
 * The result as JSON rendered by Postgres (json_agg, as PostgREST does), so dates and numbers read
 * as hosted Supabase returns them: rows → an array of objects (a single composite → one object, or
 * null); a scalar → the bare value; a json/jsonb result → that JSON; a set of scalars → an array.
 */
async function callResult(
  query: Query,
  fn: PublicFunction,
  call: string,
  params: unknown[],
  reading: URLSearchParams,
): Promise<{ body: unknown; count: number }> {
  let source = call;
  let aggregate: string;
  if (returnsRows(fn)) {
    const parsed = parseQuery(reading, params.length);
    source = `select ${parsed.select} from (${call}) pgrst_source where ${parsed.where}${parsed.order}${parsed.limit}`;
    params = [...params, ...parsed.params];
    aggregate =
      fn.returns === 'composite'
        ? `coalesce(json_agg(result)->0, 'null')`
        : `coalesce(json_agg(result), '[]')`;
  } else {
    aggregate =
      fn.returns === 'scalar'
        ? `coalesce(json_agg(result.pgrst_scalar)->0, 'null')`
        : `coalesce(json_agg(result.pgrst_scalar), '[]')`;
  }
  const [row] = await query(
    `with result as (${source}) select ${aggregate}::text as body, count(*)::int as count from result`,
    params,
  );
  return { body: JSON.parse(String(row?.body)), count: Number(row?.count) };
}

/**
 * PostgREST's access mode: GET and HEAD, and a POST to a stable or immutable function, run read
 * only, so a function that writes answers 25006 (405) there instead of writing.
 */
function readOnly(method: string, fn: PublicFunction): boolean {
  return method !== 'POST' || fn.volatility !== 'v';
}

/**
 * PostgREST's response.status: a function may choose its answer's HTTP status without raising, so
 * its transaction still commits (a refusal that must keep what it spent). 200 when unset.
 */
async function responseStatus(query: Query): Promise<number> {
  const [row] = await query(`select current_setting('response.status', true) as status`);
  const value = String(row?.status ?? '');
  if (value === '') return 200;
  const status = Number(value);
  if (!Number.isInteger(status) || status < 100 || status > 599) {
    throw new PostgrestError(500, 'PGRST112', 'Status code must be a positive integer');
  }
  return status;
}

/**
 * Calls public.<fn> as PostgREST does for supabase-js's `rpc()`: one transaction as the
 * request's role with request.* set, so `grant execute` decides who may call (42501 → 401/403)
 * and what the function raises comes back through toPostgrestError unchanged.
 */
export async function handleRpcRequest(database: Database, request: RpcRequest): Promise<RestResponse> {
  if (!['POST', 'GET', 'HEAD'].includes(request.method)) {
    throw new PostgrestError(405, 'PGRST101', `Cannot use the ${request.method} method on RPC`);
  }
  const { args, reading } = callInput(request);
  const keys = new Set(Object.keys(args));
  // Looked up before the transaction: PGlite has one connection, which the transaction holds.
  const overloads = await publicFunctionOverloads(database, request.fn);
  const fn = matchFunction(request.fn, overloads, keys, request.method === 'POST');
  const { sql, hasArgs } = callSql(fn, keys);
  const params = hasArgs ? [JSON.stringify(args)] : [];
  return database.asRole(request.role, async (query) => {
    if (readOnly(request.method, fn)) await query('set transaction read only');
    await describeRequest(query, request);
    if (fn.returns === 'void') {
      await query(sql, params);
      return { status: 204 };
    }
    const { body, count } = await callResult(query, fn, sql, params, reading);
    const status = await responseStatus(query);
    const isSet = fn.returns.startsWith('setof');
    const headers = isSet ? { 'Content-Range': count ? `0-${count - 1}/*` : '*/*' } : undefined;
    if (request.method === 'HEAD') return { status, headers };
    return {
      status,
      body: isSet ? shape(body as Row[], request.headers.accept) : body,
      headers,
    };
  });
}

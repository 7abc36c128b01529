import type { ApiRole, Database, Query, Row } from '../database/Database';
import { PostgrestError } from './PostgrestError';
import { parseQuery, quoteIdentifier, type ParsedQuery } from './parseQuery';
import { checkColumns } from './tableColumns';

export interface RestRequest {
  method: string;
  table: string;
  /** The URL's path, for request.path. */
  path: string;
  search: URLSearchParams;
  /**
   * Every request header, lower-cased, as PostgREST hands them to SQL in request.headers; the
   * gateway in front (here the local backend) has set x-forwarded-for to the client's address.
   */
  headers: Record<string, string>;
  /** The parsed JSON body (POST, PATCH). */
  body: unknown;
  role: ApiRole;
}

export interface RestResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * Lets Postgres render the rows as JSON, as PostgREST does (json_agg), so dates, timestamps and
 * numbers read exactly as hosted Supabase returns them.
 */
async function jsonRows(query: Query, sql: string, params: unknown[]): Promise<Row[]> {
  const [result] = await query(
    `with result as (${sql}) select coalesce(json_agg(result), '[]'::json) as body from result`,
    params,
  );
  const body: unknown = result?.body;
  return (typeof body === 'string' ? JSON.parse(body) : body) as Row[];
}

function wantsRepresentation(prefer = ''): boolean {
  return /return=representation/.test(prefer);
}

function asRows(body: unknown): Row[] {
  const rows = Array.isArray(body) ? body : [body];
  if (!rows.every((row) => typeof row === 'object' && row !== null && !Array.isArray(row))) {
    throw new PostgrestError(
      400,
      'PGRST102',
      'All object keys must match',
      'Expected a JSON object or an array of objects',
    );
  }
  return rows as Row[];
}

/** PostgREST answers a single object, not an array, when asked for vnd.pgrst.object+json. */
export function shape(rows: Row[], accept = ''): unknown {
  if (!accept.includes('vnd.pgrst.object')) return rows;
  if (rows.length !== 1) {
    throw new PostgrestError(
      406,
      'PGRST116',
      'JSON object requested, multiple (or no) rows returned',
      `The result contains ${rows.length} rows`,
    );
  }
  return rows[0];
}

/** The columns a POST or PATCH writes: ?columns=, else every key of the body's objects. */
function writtenColumns(request: RestRequest, parsed: ParsedQuery): string[] {
  if (request.method !== 'POST' && request.method !== 'PATCH') return [];
  return parsed.columns ?? [...new Set(asRows(request.body).flatMap((row) => Object.keys(row)))];
}

async function insert(
  query: Query,
  request: RestRequest,
  parsed: ParsedQuery,
  names: string[],
): Promise<RestResponse> {
  const rows = asRows(request.body);
  if (rows.length === 0 || names.length === 0)
    return { status: 201, body: wantsRepresentation(request.headers.prefer) ? [] : undefined };
  const table = `public.${quoteIdentifier(request.table)}`;
  const columns = names.map(quoteIdentifier).join(', ');
  const returning = wantsRepresentation(request.headers.prefer) ? ` returning ${parsed.select}` : '';
  const sql = `insert into ${table} (${columns}) select ${columns} from json_populate_recordset(null::${table}, $1::json)`;
  const params = [JSON.stringify(rows)];
  if (!returning) {
    await query(sql, params);
    return { status: 201 };
  }
  const inserted = await jsonRows(query, sql + returning, params);
  return { status: 201, body: shape(inserted, request.headers.accept) };
}

async function select(query: Query, request: RestRequest, parsed: ParsedQuery): Promise<RestResponse> {
  const rows = await jsonRows(
    query,
    `select ${parsed.select} from public.${quoteIdentifier(request.table)} where ${parsed.where}${parsed.order}${parsed.limit}`,
    parsed.params,
  );
  const range = rows.length ? `0-${rows.length - 1}/*` : '*/*';
  return { status: 200, body: shape(rows, request.headers.accept), headers: { 'Content-Range': range } };
}

async function update(query: Query, request: RestRequest, names: string[]): Promise<RestResponse> {
  const [changes] = asRows(request.body);
  const parsed = parseQuery(request.search, 1);
  const table = `public.${quoteIdentifier(request.table)}`;
  const columns = names.map(quoteIdentifier).join(', ');
  const returning = wantsRepresentation(request.headers.prefer) ? ` returning ${parsed.select}` : '';
  const sql = `update ${table} set (${columns}) = (select ${columns} from json_populate_record(null::${table}, $1::json)) where ${parsed.where}`;
  const params = [JSON.stringify(changes), ...parsed.params];
  if (!returning) {
    await query(sql, params);
    return { status: 204 };
  }
  return { status: 200, body: shape(await jsonRows(query, sql + returning, params), request.headers.accept) };
}

async function remove(query: Query, request: RestRequest, parsed: ParsedQuery): Promise<RestResponse> {
  const sql = `delete from public.${quoteIdentifier(request.table)} where ${parsed.where}`;
  if (!wantsRepresentation(request.headers.prefer)) {
    await query(sql, parsed.params);
    return { status: 204 };
  }
  const deleted = await jsonRows(query, `${sql} returning ${parsed.select}`, parsed.params);
  return { status: 200, body: shape(deleted, request.headers.accept) };
}

/**
 * What PostgREST tells SQL about the request, as transaction-local settings: the migrations read
 * them with current_setting('request.headers', true) and the like.
 */
export async function describeRequest(
  query: Query,
  request: Pick<RestRequest, 'method' | 'path' | 'headers'>,
): Promise<void> {
  await query(
    `select set_config('request.method', $1, true), set_config('request.path', $2, true),
            set_config('request.headers', $3, true)`,
    [request.method, request.path, JSON.stringify(request.headers)],
  );
}

/**
 * The part of PostgREST that supabase-js uses on a table: insert, select with simple filters,
 * update and delete. Each request is one transaction run as the request's role, so Postgres's
 * grants and row level security decide what is allowed, exactly as behind hosted Supabase.
 */
export async function handleRestRequest(database: Database, request: RestRequest): Promise<RestResponse> {
  const parsed = parseQuery(request.search);
  const names = writtenColumns(request, parsed);
  // Checked before the transaction: PGlite has one connection, which the transaction holds.
  await checkColumns(database, request.table, names);
  return database.asRole(request.role, async (query) => {
    await describeRequest(query, request);
    switch (request.method) {
      case 'POST':
        return insert(query, request, parsed, names);
      case 'GET':
      case 'HEAD':
        return select(query, request, parsed);
      case 'PATCH':
        return update(query, request, names);
      case 'DELETE':
        return remove(query, request, parsed);
      default:
        throw new PostgrestError(405, 'PGRST117', `Unsupported HTTP method: ${request.method}`);
    }
  });
}

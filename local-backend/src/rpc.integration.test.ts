// PostgREST's RPC endpoint as supabase-js's rpc() calls it (POST, and GET with { get: true }),
// against functions this file creates in schema public.
import { LOCAL_ANON_KEY } from './config';
import { supabaseAs } from './testing/testBackend';
import { setUpTestBackend } from './testing/setUpTestBackend';

const backend = setUpTestBackend({ forgetBookingsBeforeEach: false });

// Each statement on its own: the same file runs against PGlite and a shared Postgres server.
const SETUP = [
  // A table the site may not read, so only a security definer function can show it.
  `create table if not exists public.rpc_test_slots (id integer primary key, label text not null, day date not null)`,
  `revoke all on table public.rpc_test_slots from anon, authenticated`,
  `truncate public.rpc_test_slots`,
  `insert into public.rpc_test_slots values
     (1, 'Morning', '2031-03-01'), (2, 'Noon', '2031-03-02'), (3, 'Evening', '2031-03-03')`,
  `create or replace function public.rpc_test_slots_from(from_day date, max_rows integer default 10)
     returns table (id integer, label text, day date)
     language sql stable security definer set search_path = ''
     as $$ select s.id, s.label, s.day from public.rpc_test_slots s
           where s.day >= from_day order by s.day limit max_rows $$`,
  `create or replace function public.rpc_test_add(a integer, b integer) returns integer
     language sql immutable as $$ select a + b $$`,
  `create or replace function public.rpc_test_summary(label text, tags text[]) returns jsonb
     language sql immutable
     as $$ select jsonb_build_object('label', label, 'tags', to_jsonb(tags), 'day', date '2031-03-01') $$`,
  `create or replace function public.rpc_test_echo(jsonb) returns jsonb
     language sql immutable as $$ select $1 || '{"echoed": true}' $$`,
  `create or replace function public.rpc_test_refuse(slot integer) returns void
     language plpgsql as $$
     begin
       raise exception using errcode = 'PT409', message = 'Slot ' || slot || ' is already booked',
         detail = 'Choose another slot', hint = 'Reload the calendar';
     end $$`,
  `create or replace function public.rpc_test_private() returns integer
     language sql security definer as $$ select 42 $$`,
  `revoke execute on function public.rpc_test_private() from public, anon, authenticated`,
  `create sequence if not exists public.rpc_test_calls`,
  `create or replace function public.rpc_test_count_call() returns bigint
     language sql volatile security definer set search_path = ''
     as $$ select nextval('public.rpc_test_calls') $$`,
];

beforeAll(async () => {
  for (const statement of SETUP) await backend.database.query(statement);
});

test('a set-returning security definer function answers rows, dates as PostgREST renders them', async () => {
  const visitor = supabaseAs(backend, 'anon');
  const denied = await visitor.from('rpc_test_slots').select('*');
  expect(denied.status).toBe(401);

  const posted = await visitor.rpc('rpc_test_slots_from', { from_day: '2031-03-02' });
  expect(posted.error).toBeNull();
  expect(posted.status).toBe(200);
  expect(posted.data).toEqual([
    { id: 2, label: 'Noon', day: '2031-03-02' },
    { id: 3, label: 'Evening', day: '2031-03-03' },
  ]);

  const read = await visitor
    .rpc('rpc_test_slots_from', { from_day: '2031-01-01', max_rows: 5 }, { get: true })
    .select('label, day')
    .neq('label', 'Noon')
    .order('day', { ascending: false })
    .limit(1);
  expect(read.error).toBeNull();
  expect(read.data).toEqual([{ label: 'Evening', day: '2031-03-03' }]);

  const one = await visitor.rpc('rpc_test_slots_from', { from_day: '2031-03-03' }).single();
  expect(one.data).toEqual({ id: 3, label: 'Evening', day: '2031-03-03' });
});

test('a scalar function answers the bare value, by POST and by GET', async () => {
  const visitor = supabaseAs(backend, 'anon');
  expect((await visitor.rpc('rpc_test_add', { a: 2, b: 40 })).data).toBe(42);
  const viaGet = await visitor.rpc('rpc_test_add', { a: 2, b: 3 }, { get: true });
  expect(viaGet.error).toBeNull();
  expect(viaGet.data).toBe(5);
  const raw = await fetch(`${backend.url}/rest/v1/rpc/rpc_test_add`, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json' },
    body: '{"a": 1, "b": 2}',
  });
  expect(raw.status).toBe(200);
  expect(await raw.text()).toBe('3');
});

test('a jsonb function answers that JSON; arrays are typed from the signature; f(jsonb) gets the body', async () => {
  const visitor = supabaseAs(backend, 'anon');
  const expected = { label: 'Noon', tags: ['a', 'b'], day: '2031-03-01' };
  const posted = await visitor.rpc('rpc_test_summary', { label: 'Noon', tags: ['a', 'b'] });
  expect(posted.error).toBeNull();
  expect(posted.data).toEqual(expected);
  const viaGet = await visitor.rpc('rpc_test_summary', { label: 'Noon', tags: ['a', 'b'] }, { get: true });
  expect(viaGet.data).toEqual(expected);
  // A function of one unnamed jsonb parameter gets the whole body, whatever its keys.
  const echoed = await visitor.rpc('rpc_test_echo', { any: { nested: [1, 2] } });
  expect(echoed.data).toEqual({ any: { nested: [1, 2] }, echoed: true });
});

test('a missing function and an unknown argument get 404 PGRST202 in PostgREST shape', async () => {
  const visitor = supabaseAs(backend, 'anon');
  const missing = await visitor.rpc('rpc_test_nowhere', { x: 1 });
  expect(missing.status).toBe(404);
  expect(missing.error).toMatchObject({
    code: 'PGRST202',
    message: 'Could not find the function public.rpc_test_nowhere(x) in the schema cache',
    details:
      'Searched for the function public.rpc_test_nowhere with parameter x or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    hint: null,
  });

  const unknown = await visitor.rpc('rpc_test_add', { a: 1, b: 2, c: 3 });
  expect(unknown.status).toBe(404);
  expect(unknown.error).toMatchObject({
    code: 'PGRST202',
    message: 'Could not find the function public.rpc_test_add(a, b, c) in the schema cache',
    hint: 'Perhaps you meant to call the function public.rpc_test_add(a, b)',
  });
  const unknownViaGet = await visitor.rpc('rpc_test_add', { a: 1 }, { get: true });
  expect(unknownViaGet.status).toBe(404);
  expect(unknownViaGet.error?.details).toBe(
    'Searched for the function public.rpc_test_add with parameter a, but no matches were found in the schema cache.',
  );
});

test('an error the function raises comes back with its code, PT409 as HTTP 409', async () => {
  const { status, error } = await supabaseAs(backend, 'anon').rpc('rpc_test_refuse', { slot: 7 });
  expect(status).toBe(409);
  expect(error).toMatchObject({
    code: 'PT409',
    message: 'Slot 7 is already booked',
    details: 'Choose another slot',
    hint: 'Reload the calendar',
  });
});

test('grant execute decides who may call: anon without it gets 401 42501', async () => {
  const denied = await supabaseAs(backend, 'anon').rpc('rpc_test_private');
  expect(denied.status).toBe(401);
  expect(denied.error).toMatchObject({ code: '42501' });
  const allowed = await supabaseAs(backend, 'service_role').rpc('rpc_test_private');
  expect(allowed.data).toBe(42);
});

test('GET runs read only, as in PostgREST: a volatile function that writes gets 405 there', async () => {
  const visitor = supabaseAs(backend, 'anon');
  const posted = await visitor.rpc('rpc_test_count_call');
  expect(posted.error).toBeNull();
  expect(typeof posted.data).toBe('number');
  const viaGet = await visitor.rpc('rpc_test_count_call', {}, { get: true });
  expect(viaGet.status).toBe(405);
  expect(viaGet.error?.code).toBe('25006');
});

test('a void function answers 204, and the request is visible to SQL as request.*', async () => {
  await backend.database.query(
    `create or replace function public.rpc_test_seen() returns text language sql stable
       as $$ select current_setting('request.method') || ' ' || current_setting('request.path') $$`,
  );
  const seen = await supabaseAs(backend, 'anon').rpc('rpc_test_seen');
  expect(seen.data).toBe('POST /rest/v1/rpc/rpc_test_seen');
  await backend.database.query(
    `create or replace function public.rpc_test_nothing() returns void language sql as $$ select $$`,
  );
  const response = await fetch(`${backend.url}/rest/v1/rpc/rpc_test_nothing`, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY },
  });
  expect(response.status).toBe(204);
  expect(await response.text()).toBe('');
});

import { LOCAL_ANON_KEY } from './config';
import { supabaseAs, validBooking } from './testing/testBackend';
import { setUpTestBackend } from './testing/setUpTestBackend';

const backend = setUpTestBackend({ liftBookingLimits: true });

function post(body: string, headers: Record<string, string> = { apikey: LOCAL_ANON_KEY }) {
  return fetch(`${backend.url}/rest/v1/bookings`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body,
  });
}

async function bookingCount(): Promise<number> {
  const [row] = await backend.database.query('select count(*)::int as count from public.bookings');
  return Number(row?.count);
}

test('malformed JSON gets 400 in PostgREST shape and stores nothing', async () => {
  const response = await post('{"full_name": "Ana",');
  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({
    code: 'PGRST102',
    message: 'Empty or invalid json',
    hint: null,
  });
  expect(await bookingCount()).toBe(0);
});

test('a missing or wrong key gets 401, and a right key in the wrong place too', async () => {
  const body = JSON.stringify(validBooking());
  const missing = await post(body, {});
  expect(missing.status).toBe(401);
  expect(await missing.json()).toMatchObject({ message: 'No API key found in request' });
  expect((await post(body, { apikey: 'sb_publishable_someone_elses_key' })).status).toBe(401);
  expect((await post(body, { apikey: LOCAL_ANON_KEY, Authorization: 'Bearer not-a-key' })).status).toBe(401);
  const { error } = await supabaseAs(backend, 'eyJhbGciOiJIUzI1NiJ9.e30.wrong')
    .from('bookings')
    .insert(validBooking());
  expect(error?.message).toBe('Invalid API key');
  expect(await bookingCount()).toBe(0);
});

test('a body over the size limit gets 413 and stores nothing', async () => {
  const huge = JSON.stringify(validBooking({ additional_info: 'x'.repeat(70 * 1024) }));
  const response = await post(huge);
  expect(response.status).toBe(413);
  expect(await bookingCount()).toBe(0);
});

test('an unknown column gets 400 PGRST204 and an unknown table 404', async () => {
  const response = await post(JSON.stringify({ ...validBooking(), favourite_colour: 'teal' }));
  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({ code: 'PGRST204' });
  const { error, status } = await supabaseAs(backend, 'service_role').from('invoices').select('*');
  expect(status).toBe(404);
  expect(error?.code).toBe('PGRST205');
});

test('the service role reads bookings back with filters, order and limit', async () => {
  const visitor = supabaseAs(backend, 'anon');
  for (const name of ['Ana', 'Beto', 'Carla'])
    await visitor.from('bookings').insert(validBooking({ full_name: name }));
  const admin = supabaseAs(backend, 'service_role');
  const { data } = await admin
    .from('bookings')
    .select('full_name')
    .neq('full_name', 'Beto')
    .order('full_name', { ascending: false })
    .limit(5);
  expect(data).toEqual([{ full_name: 'Carla' }, { full_name: 'Ana' }]);
  const { data: one } = await admin
    .from('bookings')
    .select('full_name, status')
    .eq('full_name', 'Beto')
    .single();
  expect(one).toEqual({ full_name: 'Beto', status: 'pending' });
});

test('the browser may call from the site origins only (CORS preflight)', async () => {
  const preflight = (origin: string) =>
    fetch(`${backend.url}/rest/v1/bookings`, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'apikey,content-type,x-booking-proof',
      },
    });
  const fromBooking = await preflight('http://localhost:3002');
  expect(fromBooking.status).toBe(204);
  expect(fromBooking.headers.get('access-control-allow-origin')).toBe('http://localhost:3002');
  expect(fromBooking.headers.get('access-control-allow-headers')).toContain('apikey');
  // The booking's proof of work travels in a header of its own: allowed, as hosted Supabase allows it.
  expect(fromBooking.headers.get('access-control-allow-headers')).toContain('x-booking-proof');
  const fromElsewhere = await preflight('https://evil.example');
  expect(fromElsewhere.headers.get('access-control-allow-origin')).toBeNull();
});

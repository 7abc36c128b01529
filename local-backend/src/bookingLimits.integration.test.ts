import { randomUUID } from 'node:crypto';
import { BOOKING_LIMIT_REACHED, BOOKING_LIMITS, type BookingInsert } from 'supabase-schema';
import type { RunningBackend } from './startLocalBackend';
import {
  forgetBookings,
  setBookingLimits,
  startTestBackend,
  supabaseAs,
  validBooking,
} from './testing/testBackend';

let backend: RunningBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.stop());
beforeEach(async () => {
  await forgetBookings(backend);
  await setBookingLimits(backend, BOOKING_LIMITS);
});

const { per_address, per_email, site_wide } = BOOKING_LIMITS;

/** A visitor at its own address (127.0.0.x), as the backend sees the connection. */
const visitorAt = (host: number, headers?: Record<string, string>) =>
  supabaseAs(backend, 'anon', { from: `127.0.0.${host}`, headers });

let bookingNumber = 0;
/** A valid booking under an e-mail address of its own, so only the limit under test counts. */
function freshBooking(overrides: Partial<BookingInsert> = {}): BookingInsert {
  bookingNumber += 1;
  return validBooking({ email: `visitor${bookingNumber}@example.com`, ...overrides });
}

async function bookingCount(): Promise<number> {
  const [row] = await backend.database.query('select count(*)::int as count from public.bookings');
  return Number(row?.count);
}

test('the limits the migration sets are the ones the README and the shared constants state', async () => {
  const rows = await backend.database.query(
    'select name, max_bookings as "maxBookings", per::text as per from private.booking_limits order by name',
  );
  expect(Object.fromEntries(rows.map(({ name, ...limit }) => [name, limit]))).toEqual(BOOKING_LIMITS);
});

test('one address may book five times an hour; the sixth gets 429 and nothing is stored', async () => {
  const script = visitorAt(2);
  for (let index = 0; index < per_address.maxBookings; index++) {
    expect((await script.from('bookings').insert(freshBooking())).error).toBeNull();
  }
  const refused = await script.from('bookings').insert(freshBooking());
  expect(refused.status).toBe(429);
  expect(refused.error).toMatchObject({
    code: BOOKING_LIMIT_REACHED,
    message: 'Too many booking requests',
    details: 'limit per_address: 5 bookings per 01:00:00',
  });
  expect(await bookingCount()).toBe(per_address.maxBookings);

  // Another visitor is not held up by the first one.
  expect((await visitorAt(3).from('bookings').insert(freshBooking())).error).toBeNull();
});

test('a forged X-Forwarded-For does not give a script a new address', async () => {
  for (let index = 0; index <= per_address.maxBookings; index++) {
    const forged = visitorAt(4, { 'X-Forwarded-For': `203.0.113.${index + 1}` });
    const { status } = await forged.from('bookings').insert(freshBooking());
    expect(status).toBe(index < per_address.maxBookings ? 201 : 429);
  }
  const logged = await backend.database.query(
    'select distinct host(client_address) as address from private.booking_requests',
  );
  expect(logged).toEqual([{ address: '127.0.0.4' }]);
});

test('one e-mail may be named in three bookings a day, from any address and in any letter case', async () => {
  const spellings = ['ana@cafe.pa', 'Ana@Cafe.pa', 'ANA@CAFE.PA'];
  for (const [index, email] of spellings.slice(0, per_email.maxBookings).entries()) {
    expect(
      (
        await visitorAt(10 + index)
          .from('bookings')
          .insert(validBooking({ email }))
      ).status,
    ).toBe(201);
  }
  const fourth = await visitorAt(20)
    .from('bookings')
    .insert(validBooking({ email: 'ana@cafe.pa' }));
  expect(fourth.status).toBe(429);
  expect(fourth.error?.details).toBe('limit per_email: 3 bookings per 1 day');
});

test('thirty visitors booking at once all get their row, and then the site takes no more this hour', async () => {
  const results = await Promise.all(
    Array.from({ length: site_wide.maxBookings }, (_, index) =>
      visitorAt(30 + index)
        .from('bookings')
        .insert(freshBooking()),
    ),
  );
  expect(results.map((result) => result.status)).toEqual(Array(site_wide.maxBookings).fill(201));
  const late = await visitorAt(100).from('bookings').insert(freshBooking());
  expect(late.status).toBe(429);
  expect(late.error?.details).toBe('limit site_wide: 30 bookings per 01:00:00');
  expect(await bookingCount()).toBe(site_wide.maxBookings);
});

test('the agency itself (service_role) is never limited', async () => {
  const agency = supabaseAs(backend, 'service_role', { from: '127.0.0.5' });
  for (let index = 0; index <= site_wide.maxBookings; index++) {
    expect((await agency.from('bookings').insert(validBooking())).error).toBeNull();
  }
  expect(await bookingCount()).toBe(site_wide.maxBookings + 1);
});

test('a retry of a stored booking whose answer was lost is still answered "already stored", even at the limit', async () => {
  const visitor = visitorAt(6);
  const ids = Array.from({ length: per_address.maxBookings }, () => randomUUID());
  for (const id of ids) await visitor.from('bookings').insert(freshBooking({ id }));
  const retry = await visitor.from('bookings').insert(freshBooking({ id: ids.at(-1) }));
  expect(retry.status).toBe(409);
  expect(retry.error?.code).toBe('23505');
});

test('a refused or invalid booking does not count against the visitor', async () => {
  const visitor = visitorAt(7);
  for (let index = 0; index < per_address.maxBookings; index++) {
    expect((await visitor.from('bookings').insert(freshBooking({ phone: 'call me' }))).status).toBe(400);
  }
  expect((await visitor.from('bookings').insert(freshBooking())).status).toBe(201);
});

test('an hour later the address may book again, and the log keeps nothing older than a day', async () => {
  const visitor = visitorAt(8);
  for (let index = 0; index < per_address.maxBookings; index++) {
    await visitor.from('bookings').insert(freshBooking());
  }
  expect((await visitor.from('bookings').insert(freshBooking())).status).toBe(429);
  await backend.database.query(
    "update private.booking_requests set requested_at = now() - interval '61 minutes'",
  );
  expect((await visitor.from('bookings').insert(freshBooking())).status).toBe(201);

  await backend.database.query(
    "update private.booking_requests set requested_at = now() - interval '25 hours'",
  );
  await visitor.from('bookings').insert(freshBooking());
  const [row] = await backend.database.query('select count(*)::int as count from private.booking_requests');
  expect(row?.count).toBe(1);
});

test('an operator unblocks a real client by raising a limit or forgetting its address', async () => {
  const client = visitorAt(9);
  for (let index = 0; index < per_address.maxBookings; index++) {
    await client.from('bookings').insert(freshBooking());
  }
  expect((await client.from('bookings').insert(freshBooking())).status).toBe(429);

  await backend.database.query(
    "update private.booking_limits set max_bookings = max_bookings + 1 where name = 'per_address'",
  );
  expect((await client.from('bookings').insert(freshBooking())).status).toBe(201);

  await backend.database.query("delete from private.booking_requests where client_address = '127.0.0.9'");
  expect((await client.from('bookings').insert(freshBooking())).status).toBe(201);
});

test('visitors can neither read the log nor change a limit', async () => {
  const visitor = supabaseAs(backend, 'anon');
  const read = await visitor.schema('private').from('booking_requests').select('*');
  expect(read.status).toBe(406);
  await expect(
    backend.database.asRole('anon', (query) => query('select * from private.booking_limits')),
  ).rejects.toMatchObject({ code: '42501' });
  await expect(
    backend.database.asRole('anon', (query) =>
      query("update private.booking_limits set max_bookings = 1000 where name = 'per_address'"),
    ),
  ).rejects.toMatchObject({ code: '42501' });
});

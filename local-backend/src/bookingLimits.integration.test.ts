import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import {
  BOOKING_ADDRESS_UNPROVEN,
  BOOKING_LIMIT_REACHED,
  BOOKING_LIMITS,
  type BookingInsert,
} from 'supabase-schema';
import { LOCAL_BOOKING_CEILINGS } from './config';
import { openDatabase } from './database/openDatabase';
import { startLocalBackend, type RunningBackend } from './startLocalBackend';
import { setBookingLimits, supabaseAs, validBooking } from './testing/testBackend';
import { setUpTestBackend } from './testing/setUpTestBackend';

const backend = setUpTestBackend();

/** Low numbers for this file's own database, so each limit is met within a few requests. */
const TEST_LIMITS = {
  per_address: { maxBookings: 5, per: '01:00:00' },
  per_network: { maxBookings: 8, per: '01:00:00' },
  per_email: { maxBookings: 3, per: '24:00:00' },
  site_wide: { maxBookings: 20, per: '00:01:00' },
};
const { per_address, per_network, per_email, site_wide } = TEST_LIMITS;

beforeEach(async () => {
  await setBookingLimits(backend, TEST_LIMITS);
});

/** Visitor `host`'s address, in a /24 network of its own, so only per_network's test shares one. */
const addressOf = (host: number) => `127.0.${host}.1`;

/** A visitor through the form at its own address, as the backend sees the connection. */
const visitorAt = (host: number, headers?: Record<string, string>) =>
  supabaseAs(backend, 'anon', { from: addressOf(host), headers });

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

/** Runs `count` requests, `concurrency` at a time, and returns their answers in order. */
async function inBatches<T>(count: number, send: (index: number) => PromiseLike<T>, concurrency = 25) {
  const answers: T[] = [];
  for (let first = 0; first < count; first += concurrency) {
    const batch = Array.from({ length: Math.min(concurrency, count - first) }, (_, offset) =>
      send(first + offset),
    );
    answers.push(...(await Promise.all(batch)));
  }
  return answers;
}

const limitsOf = async (database: RunningBackend['database']) =>
  Object.fromEntries(
    (
      await database.query(
        'select name, max_bookings as "maxBookings", per::text as per from private.booking_limits order by name',
      )
    ).map(({ name, ...limit }) => [name, limit]),
  );

test('the migration seeds the production limits, the ones docs/backend.md and the shared constants state', async () => {
  // A new in-memory database of its own: the shared one's limits are changed by these tests.
  const database = await openDatabase();
  try {
    expect(await limitsOf(database)).toEqual(BOOKING_LIMITS);
  } finally {
    await database.close();
  }
});

test('the local backend raises the per-address, per-network and site-wide ceilings unless told to keep production limits', async () => {
  const local = await startLocalBackend({ config: { port: 0, keepProductionBookingLimits: false } });
  try {
    expect(await limitsOf(local.database)).toEqual({ ...BOOKING_LIMITS, ...LOCAL_BOOKING_CEILINGS });
  } finally {
    await local.stop();
  }
  const production = await startLocalBackend({ config: { port: 0, keepProductionBookingLimits: true } });
  try {
    expect(await limitsOf(production.database)).toEqual(BOOKING_LIMITS);
  } finally {
    await production.stop();
  }
});

test('a few more inserts at once than per_email allows, from one address naming one e-mail, store 3 rows; the rest answer 429 PT429', async () => {
  const script = visitorAt(2);
  const sent = per_email.maxBookings + 3;
  const answers = await Promise.all(
    Array.from({ length: sent }, () =>
      script.from('bookings').insert(validBooking({ email: 'bot@example.com' })),
    ),
  );
  const stored = answers.filter((answer) => answer.status === 201);
  const refused = answers.filter((answer) => answer.status === 429);
  expect(stored).toHaveLength(per_email.maxBookings);
  expect(refused).toHaveLength(sent - per_email.maxBookings);
  for (const answer of refused) {
    expect(answer.error).toMatchObject({
      code: BOOKING_LIMIT_REACHED,
      message: 'Too many booking requests',
      details: 'limit per_email: 3 bookings per 24:00:00',
    });
  }
  expect(await bookingCount()).toBe(per_email.maxBookings);
});

test('a few more inserts at once than per_address allows, from one address, each with its own e-mail, store the per-address limit', async () => {
  const script = visitorAt(3);
  const sent = per_address.maxBookings + 3;
  const answers = await Promise.all(
    Array.from({ length: sent }, () => script.from('bookings').insert(freshBooking())),
  );
  expect(answers.filter((answer) => answer.status === 201)).toHaveLength(per_address.maxBookings);
  const refused = answers.filter((answer) => answer.status !== 201);
  expect(refused).toHaveLength(sent - per_address.maxBookings);
  for (const answer of refused) {
    expect(answer.status).toBe(429);
    expect(answer.error).toMatchObject({
      code: BOOKING_LIMIT_REACHED,
      message: 'Too many booking requests',
      details: 'limit per_address: 5 bookings per 01:00:00',
    });
  }
  expect(await bookingCount()).toBe(per_address.maxBookings);

  // Another visitor is not held up by the first one.
  expect((await visitorAt(4).from('bookings').insert(freshBooking())).error).toBeNull();
});

test('different e-mails and addresses within the limits all succeed', async () => {
  const answers = await Promise.all([
    // Two addresses, each up to its limit, each booking with an e-mail of its own.
    ...Array.from({ length: per_address.maxBookings }, () =>
      visitorAt(11).from('bookings').insert(freshBooking()),
    ),
    ...Array.from({ length: per_address.maxBookings }, () =>
      visitorAt(12).from('bookings').insert(freshBooking()),
    ),
    // One e-mail up to its limit, from three addresses.
    ...[13, 14, 15].map((host) =>
      visitorAt(host)
        .from('bookings')
        .insert(validBooking({ email: 'ana@cafe.pa' })),
    ),
  ]);
  expect(answers.map((answer) => answer.status)).toEqual(Array(answers.length).fill(201));
  expect(await bookingCount()).toBe(2 * per_address.maxBookings + per_email.maxBookings);
});

test('an array of bookings in one request is refused whole and stores nothing: a pass buys one row', async () => {
  const script = visitorAt(16);
  // The form's client fetches a pass for the first row's mailbox: the second row has none of its own.
  const pair = await script.from('bookings').insert([freshBooking(), freshBooking()]);
  expect([pair.status, pair.error?.code, pair.error?.details]).toEqual([
    400,
    BOOKING_ADDRESS_UNPROVEN,
    'address_other_address',
  ]);
  // One mailbox twice: the first row spends the pass, so the second is refused.
  const twice = await script
    .from('bookings')
    .insert([freshBooking({ email: 'twice@example.com' }), freshBooking({ email: 'twice@example.com' })]);
  expect([twice.status, twice.error?.code, twice.error?.details]).toEqual([
    400,
    BOOKING_ADDRESS_UNPROVEN,
    'address_used',
  ]);
  // More rows than the per-address limit: refused as a whole too.
  const flood = await script.from('bookings').insert(Array.from({ length: 50 }, () => freshBooking()));
  expect([flood.status, flood.error?.code]).toEqual([400, BOOKING_ADDRESS_UNPROVEN]);
  expect(await bookingCount()).toBe(0);
  const [logged] = await backend.database.query(
    'select count(*)::int as count from private.booking_requests',
  );
  expect(logged?.count).toBe(0);

  // Behind the pass, the statement trigger still refuses a batch with PT429 (per_request).
  await backend.database.query('alter table public.bookings disable trigger bookings_check_proof');
  try {
    const batch = await script.from('bookings').insert([freshBooking(), freshBooking()]);
    expect(batch.status).toBe(429);
    expect(batch.error).toMatchObject({
      code: BOOKING_LIMIT_REACHED,
      message: 'Too many booking requests',
      details: 'limit per_request: 1 booking per request, 2 sent',
    });
  } finally {
    await backend.database.query('alter table public.bookings enable trigger bookings_check_proof');
  }
  expect(await bookingCount()).toBe(0);

  // An array of one booking is one booking, and no refused array counted against the visitor.
  expect((await script.from('bookings').insert([freshBooking()])).status).toBe(201);
  // A refused array left the pass of the mailbox it named unspent.
  expect((await script.from('bookings').insert(freshBooking({ email: 'twice@example.com' }))).status).toBe(
    201,
  );
  // The agency may insert many at once.
  const agency = supabaseAs(backend, 'service_role');
  expect((await agency.from('bookings').insert([freshBooking(), freshBooking()])).status).toBe(201);
  expect(await bookingCount()).toBe(4);
});

test('a forged X-Forwarded-For does not give a script a new address: the gateway appends the real one, which is counted', async () => {
  for (let index = 0; index <= per_address.maxBookings; index++) {
    const forged = visitorAt(4, { 'X-Forwarded-For': `203.0.113.${index + 1}, 198.51.100.7` });
    const { status, error } = await forged.from('bookings').insert(freshBooking());
    expect(status).toBe(index < per_address.maxBookings ? 201 : 429);
    if (index === per_address.maxBookings) expect(error?.details).toMatch(/^limit per_address:/);
  }
  const logged = await backend.database.query(
    'select distinct host(client_address) as address from private.booking_requests',
  );
  expect(logged).toEqual([{ address: addressOf(4) }]);
});

test('visitors in one /24 network share the per-network limit; the next network is not held up', async () => {
  const answers = await inBatches(per_network.maxBookings + 4, (index) =>
    supabaseAs(backend, 'anon', { from: `127.0.200.${index + 1}` })
      .from('bookings')
      .insert(freshBooking()),
  );
  expect(answers.filter((answer) => answer.status === 201)).toHaveLength(per_network.maxBookings);
  for (const refused of answers.filter((answer) => answer.status !== 201)) {
    expect(refused.status).toBe(429);
    expect(refused.error?.details).toBe('limit per_network: 8 bookings per 01:00:00');
  }
  const neighbour = supabaseAs(backend, 'anon', { from: '127.0.201.1' });
  expect((await neighbour.from('bookings').insert(freshBooking())).status).toBe(201);
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
  expect(fourth.error?.details).toBe('limit per_email: 3 bookings per 24:00:00');
});

test('per_email counts the mailbox, not its spelling: case, dots Gmail ignores, +tags and googlemail.com', async () => {
  const spellings = ['Victim@gmail.com', 'v.ictim@gmail.com', 'victim+2@googlemail.com'];
  for (const [index, email] of spellings.entries()) {
    const answer = await visitorAt(21 + index)
      .from('bookings')
      .insert(validBooking({ email }));
    expect([email, answer.status]).toEqual([email, 201]);
  }
  const fourth = await visitorAt(24)
    .from('bookings')
    .insert(validBooking({ email: 'victim@gmail.com' }));
  expect([fourth.status, fourth.error?.code, fourth.error?.details]).toEqual([
    429,
    BOOKING_LIMIT_REACHED,
    'limit per_email: 3 bookings per 24:00:00',
  ]);
  // The log holds the mailbox, once a booking.
  const logged = await backend.database.query('select email from private.booking_requests');
  expect(logged).toEqual(Array(per_email.maxBookings).fill({ email: 'victim@gmail.com' }));
  // Another Gmail mailbox is not held up.
  expect(
    (
      await visitorAt(25)
        .from('bookings')
        .insert(validBooking({ email: 'victim2@gmail.com' }))
    ).status,
  ).toBe(201);
});

test('visitors at many addresses booking at once get the site-wide limit in rows, then the site takes no more this minute', async () => {
  const results = await Promise.all(
    Array.from({ length: site_wide.maxBookings + 3 }, (_, index) =>
      visitorAt(30 + index)
        .from('bookings')
        .insert(freshBooking()),
    ),
  );
  expect(results.filter((result) => result.status === 201)).toHaveLength(site_wide.maxBookings);
  for (const late of results.filter((result) => result.status !== 201)) {
    expect(late.status).toBe(429);
    expect(late.error?.details).toBe('limit site_wide: 20 bookings per 00:01:00');
  }
  expect(await bookingCount()).toBe(site_wide.maxBookings);

  // A minute later the site takes bookings again.
  await backend.database.query(
    "update private.booking_requests set requested_at = now() - interval '61 seconds'",
  );
  expect((await visitorAt(100).from('bookings').insert(freshBooking())).status).toBe(201);
});

test('the agency itself (service_role) is never limited', async () => {
  const agency = supabaseAs(backend, 'service_role', { from: '127.0.0.5' });
  const answers = await inBatches(site_wide.maxBookings + 3, () =>
    agency.from('bookings').insert(validBooking({ email: 'agency@example.com', id: randomUUID() })),
  );
  expect(answers.map((answer) => answer.error)).toEqual(Array(answers.length).fill(null));
  expect(await bookingCount()).toBe(site_wide.maxBookings + 3);
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

test('with no booking coming, the log still keeps nothing older than the longest window (24 hours)', async () => {
  // A backend of its own whose timer prunes every 100 ms instead of every 15 minutes.
  const quiet = await startLocalBackend({ config: { port: 0, pruneBookingRequestsEveryMs: 100 } });
  const logged = async () =>
    (await quiet.database.query('select email from private.booking_requests order by requested_at')).map(
      (row) => row.email,
    );
  try {
    // Written after start, so only the timer can remove them: no booking arrives.
    await quiet.database.query(
      `insert into private.booking_requests (requested_at, client_address, email) values
         (now() - interval '25 hours', '203.0.113.7', 'last-week@example.com'),
         (now() - interval '23 hours', '203.0.113.8', 'yesterday@example.com')`,
    );
    const deadline = Date.now() + 5_000;
    while ((await logged()).includes('last-week@example.com') && Date.now() < deadline) await delay(50);
    expect(await logged()).toEqual(['yesterday@example.com']);
  } finally {
    await quiet.stop();
  }
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

  await backend.database.query('delete from private.booking_requests where client_address = $1', [
    addressOf(9),
  ]);
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

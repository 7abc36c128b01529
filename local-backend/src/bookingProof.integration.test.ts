import { createHash, createHmac } from 'node:crypto';
import {
  BOOKING_PROOF_HEADER,
  BOOKING_PROOF_REFUSED,
  DEFAULT_PROOF_MAX_NUMBER,
  encodeBookingProof,
  type BookingChallenge,
} from 'supabase-schema';
import { openDatabase } from './database/openDatabase';
import type { RunningBackend } from './startLocalBackend';
import {
  bookingChallenge,
  bookingProof,
  forgetBookings,
  liftBookingLimits,
  solveBookingChallenge,
  startTestBackend,
  supabaseAs,
  validBooking,
} from './testing/testBackend';

// The proof of work (20261230091000_booking_proof_of_work.sql) and the trusted client address
// (20261230090000_trusted_client_address.sql), through the real API and in SQL.

let backend: RunningBackend;

beforeAll(async () => {
  backend = await startTestBackend();
  await liftBookingLimits(backend);
});
afterAll(() => backend.stop());
beforeEach(() => forgetBookings(backend));

let bookingNumber = 0;
const freshBooking = () => validBooking({ email: `proof${++bookingNumber}@example.com` });

/** A script calling the API itself: it sends the proof header the test gives it, or none. */
const script = (proof?: string) =>
  supabaseAs(backend, 'anon', {
    proof: 'none',
    ...(proof === undefined ? {} : { headers: { [BOOKING_PROOF_HEADER]: proof } }),
  });

async function countOf(table: string): Promise<number> {
  const [row] = await backend.database.query(`select count(*)::int as count from ${table}`);
  return Number(row?.count);
}

/** A challenge signed with the database's own key but made here, e.g. already expired. */
async function challengeSignedByDatabase(salt: string, number: number): Promise<BookingChallenge> {
  const [row] = await backend.database.query('select secret from private.booking_proof_key');
  const challenge = createHash('sha256').update(`${salt}${number}`).digest('hex');
  const signature = createHmac('sha256', row?.secret as Uint8Array)
    .update(challenge)
    .digest('hex');
  return { algorithm: 'SHA-256', challenge, maxnumber: number, salt, signature };
}

async function expectRefused(proof: string | undefined, reason: string) {
  const answer = await script(proof).from('bookings').insert(freshBooking());
  expect(answer.status).toBe(400);
  expect(answer.error).toMatchObject({
    code: BOOKING_PROOF_REFUSED,
    message: 'Booking proof refused',
    details: `proof_${reason}`,
  });
}

test('the migration sets the difficulty the shared constant states and reads cf-connecting-ip, one proxy', async () => {
  const database = await openDatabase();
  try {
    expect(
      await database.query(
        'select proof_max_number, client_address_header, trusted_proxies from private.booking_settings',
      ),
    ).toEqual([
      {
        proof_max_number: DEFAULT_PROOF_MAX_NUMBER,
        client_address_header: 'cf-connecting-ip',
        trusted_proxies: 1,
      },
    ]);
  } finally {
    await database.close();
  }
});

test('a visitor gets a signed ALTCHA challenge that expires, and cannot read the key', async () => {
  const challenge = await bookingChallenge(backend);
  expect(challenge).toEqual({
    algorithm: 'SHA-256',
    challenge: expect.stringMatching(/^[0-9a-f]{64}$/),
    maxnumber: expect.any(Number),
    salt: expect.stringMatching(/^[0-9a-f]{24}\?expires=\d+$/),
    signature: expect.stringMatching(/^[0-9a-f]{64}$/),
  });
  await expect(
    backend.database.asRole('anon', (query) => query('select * from private.booking_proof_key')),
  ).rejects.toMatchObject({ code: '42501' });
});

test('an insert without a proof is refused with BK005, stores nothing and counts toward no limit', async () => {
  await expectRefused(undefined, 'missing');
  await expectRefused('not base64 json', 'unreadable');
  expect(await countOf('public.bookings')).toBe(0);
  expect(await countOf('private.booking_requests')).toBe(0);
});

test('a forged, unsolved or expired proof is refused and stores nothing', async () => {
  const issued = await bookingChallenge(backend);
  const solved = JSON.parse(atob(await solveBookingChallenge(issued))) as { number: number };
  // Its own challenge, signed with a key of its own.
  const made = { ...issued, signature: createHmac('sha256', 'guess').update(issued.challenge).digest('hex') };
  await expectRefused(encodeBookingProof(made, solved.number), 'forged');
  await expectRefused(encodeBookingProof(issued, solved.number + 1), 'unsolved');
  // A later expiry written into the salt breaks the hash the signature covers.
  const moved = { ...issued, salt: issued.salt.replace(/expires=\d+/, 'expires=9999999999') };
  await expectRefused(encodeBookingProof(moved, solved.number), 'unsolved');
  const expired = await challengeSignedByDatabase(`abc?expires=${Math.floor(Date.now() / 1000) - 1}`, 7);
  await expectRefused(encodeBookingProof(expired, 7), 'expired');
  expect(await countOf('public.bookings')).toBe(0);
  expect(await countOf('private.booking_requests')).toBe(0);
});

test('a proof stores one booking: sent again, or five times at once, it is refused as replayed', async () => {
  const proof = await bookingProof(backend);
  expect((await script(proof).from('bookings').insert(freshBooking())).status).toBe(201);
  await expectRefused(proof, 'replayed');

  const shared = await bookingProof(backend);
  const answers = await Promise.all(
    Array.from({ length: 5 }, () => script(shared).from('bookings').insert(freshBooking())),
  );
  expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
  for (const refused of answers.filter((answer) => answer.status !== 201)) {
    expect(refused.error).toMatchObject({ code: BOOKING_PROOF_REFUSED, details: 'proof_replayed' });
  }
  expect(await countOf('public.bookings')).toBe(2);
});

test('a proof refused for its slot stays unspent; the agency needs none', async () => {
  const proof = await bookingProof(backend);
  const booking = freshBooking();
  expect(
    (
      await script(proof)
        .from('bookings')
        .insert({ ...booking, phone: 'call me' })
    ).status,
  ).toBe(400);
  expect((await script(proof).from('bookings').insert(booking)).status).toBe(201);
  expect((await supabaseAs(backend, 'service_role').from('bookings').insert(freshBooking())).status).toBe(
    201,
  );
});

/** private.request_client_address() for these headers and gateway settings. */
async function clientAddress(headers: Record<string, string>, header: string, trustedProxies: number) {
  await backend.database.query(
    'update private.booking_settings set client_address_header = $1, trusted_proxies = $2',
    [header, trustedProxies],
  );
  const [row] = await backend.database.query(
    `select host(private.request_client_address()) as address
     from (select set_config('request.headers', $1, true)) as request`,
    [JSON.stringify(headers)],
  );
  return row?.address ?? null;
}

test('the client address is the entry the trusted proxies appended, counted from the right', async () => {
  try {
    const forwarded = { 'x-forwarded-for': '203.0.113.9, 198.51.100.20, 192.0.2.30' };
    expect(await clientAddress(forwarded, 'x-forwarded-for', 1)).toBe('192.0.2.30');
    expect(await clientAddress(forwarded, 'x-forwarded-for', 2)).toBe('198.51.100.20');
    // Fewer entries than trusted proxies: not through the gateway, so unknown.
    expect(await clientAddress(forwarded, 'x-forwarded-for', 4)).toBeNull();
    expect(await clientAddress({ 'cf-connecting-ip': '2001:db8::7' }, 'cf-connecting-ip', 1)).toBe(
      '2001:db8::7',
    );
    expect(await clientAddress(forwarded, 'cf-connecting-ip', 1)).toBeNull();
    expect(await clientAddress({ 'x-forwarded-for': 'nonsense' }, 'x-forwarded-for', 1)).toBeNull();
  } finally {
    await backend.database.query(
      "update private.booking_settings set client_address_header = 'x-forwarded-for', trusted_proxies = 1",
    );
  }
});

test('per_network counts a /24 of IPv4 and a /48 of IPv6 together', async () => {
  const [row] = await backend.database.query(
    `select private.client_network('203.0.113.77')::text as v4,
            private.client_network('2001:db8:1:2::5')::text as v6`,
  );
  expect(row).toEqual({ v4: '203.0.113.0/24', v6: '2001:db8:1::/48' });
});

import { createHash, createHmac } from 'node:crypto';
import {
  BOOKING_ADDRESS_PASS_HEADER,
  BOOKING_ADDRESS_UNPROVEN,
  BOOKING_PROOF_HEADER,
  BOOKING_PROOF_REFUSED,
  DEFAULT_PROOF_MAX_NUMBER,
  REQUEST_ADDRESS_CODE_FUNCTION,
  encodeBookingProof,
  type BookingChallenge,
} from 'supabase-schema';
import { openDatabase } from './database/openDatabase';
import {
  addressPass,
  bookingChallenge,
  bookingProof,
  setProofDifficulty,
  solveBookingChallenge,
  supabaseAs,
  TEST_PROOF_MAX_NUMBER,
  validBooking,
} from './testing/testBackend';
import { setUpTestBackend } from './testing/setUpTestBackend';

// The proof of work (20261230091000_booking_proof_of_work.sql, read strictly and paid to
// request_booking_code since 20270105090000_booking_address_proof.sql) and the trusted client
// address (20261230090000_trusted_client_address.sql), through the real API and in SQL.

const backend = setUpTestBackend({ liftBookingLimits: true });

beforeEach(async () => {
  await backend.database.query(
    'truncate private.booking_address_codes, private.booking_address_passes, private.spent_booking_proofs cascade',
  );
  await backend.database.query('delete from private.mail_outbox');
  // The test backend's default: the step answers a pass at once (one test turns it on).
  await backend.database.query(
    `update private.booking_settings set verify_booking_address = false, address_code_resend_after = '30 seconds'`,
  );
  await setProofDifficulty(backend, TEST_PROOF_MAX_NUMBER);
});

let addressNumber = 0;
const freshEmail = () => `proof${++addressNumber}@example.com`;

/** A script calling the API itself: request_booking_code with the proof header the test gives it, or none. */
function requestCode(proof: string | undefined, email = freshEmail()) {
  const request = supabaseAs(backend, 'anon', { proof: 'none' }).rpc(REQUEST_ADDRESS_CODE_FUNCTION, {
    email,
    language: 'en',
  });
  return proof === undefined ? request : request.setHeader(BOOKING_PROOF_HEADER, proof);
}

async function countOf(table: string): Promise<number> {
  const [row] = await backend.database.query(`select count(*)::int as count from ${table}`);
  return Number(row?.count);
}

/** What a request_booking_code answered: passes handed out and codes queued. */
async function madeSoFar() {
  return {
    passes: await countOf('private.booking_address_passes'),
    codes: await countOf('private.booking_address_codes'),
    mail: await countOf('private.mail_outbox'),
  };
}
const NOTHING_MADE = { passes: 0, codes: 0, mail: 0 };

/** A challenge signed with the database's own key but made here, e.g. already expired. */
async function challengeSignedByDatabase(salt: string, number: number): Promise<BookingChallenge> {
  const [row] = await backend.database.query('select secret from private.booking_proof_key');
  const challenge = createHash('sha256').update(`${salt}${number}`).digest('hex');
  const signature = createHmac('sha256', row?.secret as Uint8Array)
    .update(challenge)
    .digest('hex');
  return { algorithm: 'SHA-256', challenge, maxnumber: number, salt, signature };
}

/** The header's value for any payload: what a script can send that the form never would. */
const rawProof = (payload: Record<string, unknown>) => btoa(JSON.stringify(payload));

/** The number a challenge hides, found with Node's SHA-256 (a script's native hash, not the form's solver). */
function solveNatively(challenge: BookingChallenge): number {
  for (let number = 0; number <= challenge.maxnumber; number++) {
    if (createHash('sha256').update(`${challenge.salt}${number}`).digest('hex') === challenge.challenge) {
      return number;
    }
  }
  throw new Error(`No solution up to ${challenge.maxnumber}`);
}

async function expectRefused(proof: string | undefined, reason: string) {
  const answer = await requestCode(proof);
  expect([answer.status, answer.error]).toEqual([
    400,
    expect.objectContaining({
      code: BOOKING_PROOF_REFUSED,
      message: 'Booking proof refused',
      details: `proof_${reason}`,
    }),
  ]);
  expect(answer.data).toBeNull();
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

test("a visitor gets a signed ALTCHA challenge that expires, its salt closed by '&', and cannot read the key", async () => {
  const challenge = await bookingChallenge(backend);
  expect(challenge).toEqual({
    algorithm: 'SHA-256',
    challenge: expect.stringMatching(/^[0-9a-f]{64}$/),
    maxnumber: TEST_PROOF_MAX_NUMBER,
    salt: expect.stringMatching(/^[0-9a-f]{24}\?expires=\d{10}&$/),
    signature: expect.stringMatching(/^[0-9a-f]{64}$/),
  });
  await expect(
    backend.database.asRole('anon', (query) => query('select * from private.booking_proof_key')),
  ).rejects.toMatchObject({ code: '42501' });
});

test('a solved proof buys request_booking_code one answer; the insert itself takes a pass, not a proof', async () => {
  const email = freshEmail();
  const answer = await requestCode(await bookingProof(backend), email);
  expect([answer.status, answer.error]).toEqual([200, null]);
  expect(answer.data).toEqual({ step: 'pass', pass: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
  // A proof in the insert's header is no pass: the row is refused before any rule or limit.
  const withProofOnly = await supabaseAs(backend, 'anon', {
    proof: 'none',
    headers: { [BOOKING_PROOF_HEADER]: await bookingProof(backend) },
  })
    .from('bookings')
    .insert(validBooking({ email }));
  expect([withProofOnly.status, withProofOnly.error?.code, withProofOnly.error?.details]).toEqual([
    400,
    BOOKING_ADDRESS_UNPROVEN,
    'address_missing',
  ]);
  expect(await countOf('public.bookings')).toBe(0);
  expect(await countOf('private.booking_requests')).toBe(0);
});

test('a request without a proof, or with one that cannot be read, is refused with BK005 and makes nothing', async () => {
  await expectRefused(undefined, 'missing');
  await expectRefused('   ', 'missing');
  await expectRefused('not base64 json', 'unreadable');
  const issued = await bookingChallenge(backend);
  const number = solveNatively(issued);
  const fields = { ...issued, number };
  // Read strictly: the fields as booking_challenge makes them and the number as plain digits.
  await expectRefused(rawProof({ ...fields, algorithm: 'SHA-1' }), 'unreadable');
  await expectRefused(rawProof({ ...fields, number: `0${number}` }), 'unreadable');
  await expectRefused(rawProof({ ...fields, number: `${number}.0` }), 'unreadable');
  await expectRefused(rawProof({ ...fields, number: -1 }), 'unreadable');
  await expectRefused(rawProof({ ...fields, salt: issued.salt.slice(0, -1) }), 'unreadable');
  await expectRefused(rawProof({ ...fields, salt: `${issued.salt}&` }), 'unreadable');
  expect(await madeSoFar()).toEqual(NOTHING_MADE);
  expect(await countOf('private.spent_booking_proofs')).toBe(0);
  // The refused proof was not spent: it still buys its one answer.
  expect((await requestCode(encodeBookingProof(issued, number))).status).toBe(200);
});

test('a forged, unsolved, too hard or expired proof is refused and makes nothing', async () => {
  const issued = await bookingChallenge(backend);
  const number = JSON.parse(atob(await solveBookingChallenge(issued))) as { number: number };
  // Its own challenge, signed with a key of its own.
  const made = { ...issued, signature: createHmac('sha256', 'guess').update(issued.challenge).digest('hex') };
  await expectRefused(encodeBookingProof(made, number.number), 'forged');
  await expectRefused(encodeBookingProof(issued, number.number + 1), 'unsolved');
  // A later expiry written into the salt breaks the hash the signature covers.
  const moved = { ...issued, salt: issued.salt.replace(/expires=\d+/, 'expires=9999999999') };
  await expectRefused(encodeBookingProof(moved, number.number), 'unsolved');
  const inAnHour = Math.floor(Date.now() / 1000) + 3600;
  // A number past the difficulty is no proof of the work the difficulty asks, even with a true hash.
  const tooHard = await challengeSignedByDatabase(
    `${'ab'.repeat(12)}?expires=${inAnHour}&`,
    TEST_PROOF_MAX_NUMBER + 1,
  );
  await expectRefused(encodeBookingProof(tooHard, TEST_PROOF_MAX_NUMBER + 1), 'unsolved');
  const past = Math.floor(Date.now() / 1000) - 1;
  const expired = await challengeSignedByDatabase(`${'cd'.repeat(12)}?expires=${past}&`, 7);
  await expectRefused(encodeBookingProof(expired, 7), 'expired');
  expect(await madeSoFar()).toEqual(NOTHING_MADE);
  expect(await countOf('private.spent_booking_proofs')).toBe(0);
  expect(await countOf('private.booking_requests')).toBe(0);
});

test("ALTCHA's challenge splicing: the number's first digit moved onto the salt is refused as unreadable", async () => {
  // A real challenge whose number has two digits or more, the second not 0 (so the rest is a plain number).
  await setProofDifficulty(backend, DEFAULT_PROOF_MAX_NUMBER);
  let issued: BookingChallenge;
  let number: number;
  do {
    issued = await bookingChallenge(backend);
    number = solveNatively(issued);
  } while (number < 10 || String(number)[1] === '0');
  const [first, rest] = [String(number).slice(0, 1), Number(String(number).slice(1))];

  // The splice: salt + first digit, the rest as the number. The hash, so the signature, still holds…
  const spliced = { ...issued, salt: `${issued.salt}${first}`, number: rest };
  expect(spliced.salt).toMatch(/^[0-9a-f]{24}\?expires=\d{10}&\d$/);
  expect(createHash('sha256').update(`${spliced.salt}${spliced.number}`).digest('hex')).toBe(
    issued.challenge,
  );
  // …but the salt is no longer one booking_challenge makes.
  await expectRefused(rawProof(spliced), 'unreadable');

  // The form of the attack on the old salt (no '&'): the digit extends the expiry. Refused too.
  const oldForm = { ...issued, salt: `${issued.salt.slice(0, -1)}${first}`, number: rest };
  expect(oldForm.salt).toMatch(/^[0-9a-f]{24}\?expires=\d{11}$/);
  await expectRefused(rawProof(oldForm), 'unreadable');

  expect(await madeSoFar()).toEqual(NOTHING_MADE);
  expect(await countOf('private.spent_booking_proofs')).toBe(0);
  // The honest proof of the same challenge is still good.
  expect((await requestCode(encodeBookingProof(issued, number))).status).toBe(200);
});

test('a proof buys one answer: presented again, or five times at once, it is refused as replayed', async () => {
  const proof = await bookingProof(backend);
  expect((await requestCode(proof)).status).toBe(200);
  await expectRefused(proof, 'replayed');

  const shared = await bookingProof(backend);
  const answers = await Promise.all(Array.from({ length: 5 }, () => requestCode(shared)));
  expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
  for (const refused of answers.filter((answer) => answer.status !== 200)) {
    expect([refused.status, refused.error?.code, refused.error?.details]).toEqual([
      400,
      BOOKING_PROOF_REFUSED,
      'proof_replayed',
    ]);
  }
  expect((await madeSoFar()).passes).toBe(2);
});

test('a proof refused after it was spent (a code asked again too soon) stays spent, for every address', async () => {
  await backend.database.query('update private.booking_settings set verify_booking_address = true');
  const email = freshEmail();
  const first = await bookingProof(backend);
  expect((await requestCode(first, email)).data).toMatchObject({ step: 'code' });

  const tooSoon = await bookingProof(backend);
  const early = await requestCode(tooSoon, email);
  expect([early.status, early.error?.code]).toEqual([429, 'PT429']);
  expect(early.error?.details).toMatch(/^resend_after \d+$/);
  expect(await madeSoFar()).toEqual({ passes: 0, codes: 1, mail: 1 });

  // Neither the refused request's proof nor the answered one's buys another answer, for any address.
  for (const proof of [tooSoon, first]) {
    for (const address of [email, freshEmail()]) {
      const again = await requestCode(proof, address);
      expect([again.status, again.error?.code, again.error?.details]).toEqual([
        400,
        BOOKING_PROOF_REFUSED,
        'proof_replayed',
      ]);
    }
  }
  expect(await madeSoFar()).toEqual({ passes: 0, codes: 1, mail: 1 });
});

test('a proof spent twice within one transaction is refused the second time', async () => {
  const proof = await bookingProof(backend);
  // One statement, so one transaction, as the owner: the second spend sees the first.
  const answers = await backend.database.query(
    `select attempt, private.spend_booking_proof($1) as refusal
     from generate_series(1, 2) as attempt order by attempt`,
    [proof],
  );
  expect(answers).toEqual([
    { attempt: 1, refusal: null },
    { attempt: 2, refusal: 'replayed' },
  ]);
  await expectRefused(proof, 'replayed');
});

test('a pass refused for its row stays unspent, is spent by the stored one; the agency needs none', async () => {
  const booking = validBooking({ email: freshEmail() });
  const pass = await addressPass(backend, booking.email);
  const withPass = () =>
    supabaseAs(backend, 'anon', { proof: 'none', headers: { [BOOKING_ADDRESS_PASS_HEADER]: pass } }).from(
      'bookings',
    );
  expect((await withPass().insert({ ...booking, phone: 'call me' })).status).toBe(400);
  expect((await withPass().insert(booking)).status).toBe(201);
  const again = await withPass().insert(validBooking({ email: booking.email }));
  expect([again.status, again.error?.code, again.error?.details]).toEqual([
    400,
    BOOKING_ADDRESS_UNPROVEN,
    'address_used',
  ]);
  expect((await supabaseAs(backend, 'service_role').from('bookings').insert(validBooking())).status).toBe(
    201,
  );
  expect(await countOf('public.bookings')).toBe(2);
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

import {
  ADDRESS_CODE_REFUSED,
  ADDRESS_LINK_REFUSED,
  BOOKING_ADDRESS_UNPROVEN,
  BOOKING_PROOF_HEADER,
  CROSS_SITE_REFUSED,
  MAIL_FUNCTIONS,
  type BookingChallenge,
  type ClientAddressStats,
} from 'supabase-schema';
import { LOCAL_ANON_KEY } from './config';
import { addressStepClient, attemptOf, claimCodes, passOf, resetAddressStep } from './testing/addressStep';
import { setUpTestBackend } from './testing/setUpTestBackend';
import { bookingProof, solveBookingChallenge, supabaseAs, validBooking } from './testing/testBackend';

// The address step against a stranger who knows a prospect's address
// (20270216090000_address_step_against_strangers.sql; docs/backend.md, "Threat model"): each
// client here is its own network (127.0.N.1 is the /24 127.0.N.0), set as the gateway would.

const backend = setUpTestBackend({ liftBookingLimits: true });

const PROSPECT = '127.0.1.1';
const prospect = addressStepClient(backend, PROSPECT);
const stranger = addressStepClient(backend, '127.0.2.1');

beforeEach(async () => {
  await resetAddressStep(backend);
  // The production limits (the test backend raises the per-network ones for other files).
  await backend.database.query(
    `update private.booking_settings set mailbox_network_codes_per_day = 3, address_mails_per_day = 10,
       network_code_mails_per_hour = 10, code_mails_site_wide_per_hour = 600,
       code_checks_per_network_per_hour = 60, proof_doubling_requests = 3, proof_max_doublings = 6`,
  );
});

const refusal = (answer: { status: number; error: { code: string; details: string | null } | null }) => [
  answer.status,
  answer.error?.code,
  answer.error?.details,
];

async function bookingsOf(email: string): Promise<number> {
  const [row] = await backend.database.query(
    'select count(*)::int as count from public.bookings where lower(email) = lower($1)',
    [email],
  );
  return Number(row?.count);
}

/** The prospect's own way: a code on their network, typed from the mail, and the booking. */
async function prospectBooks(email: string): Promise<void> {
  const asked = await prospect.requestCode(email);
  expect(refusal(asked)).toEqual([200, undefined, undefined]);
  const mail = (await claimCodes(backend)).find((row) => row.address?.email === email);
  const pass = passOf(await prospect.verify(email, String(mail?.code), attemptOf(asked)));
  expect((await prospect.insert(validBooking({ email }), pass)).error).toBeNull();
  expect(await bookingsOf(email)).toBe(1);
}

test("a stranger's codes in four spellings from another network leave the prospect their own code and booking", async () => {
  const spellings = [
    'ana.gomez@gmail.com',
    'AnaGomez@gmail.com',
    'ana.gomez+x@gmail.com',
    'anagomez@googlemail.com',
  ];
  const answers = [];
  for (const email of spellings) answers.push(refusal(await stranger.requestCode(email)));
  expect(answers).toEqual([
    ...Array.from({ length: 3 }, () => [200, undefined, undefined]),
    [429, 'PT429', 'limit mailbox_network_codes: 3 codes per 24 hours'],
  ]);
  await claimCodes(backend);
  await prospectBooks('ana.gomez@gmail.com');
});

test("a stranger's wrong codes spend nothing of the code the prospect holds", async () => {
  const email = 'luis@cafe.pa';
  const asked = await prospect.requestCode(email);
  const [mail] = await claimCodes(backend);
  const guesses = [];
  for (let i = 0; i < 8; i++) guesses.push(refusal(await stranger.verify(email, String(i).repeat(6))));
  guesses.push(refusal(await stranger.verify(email, String(mail?.code), 'A'.repeat(43))));
  expect(guesses).toEqual(Array.from({ length: 9 }, () => [400, ADDRESS_CODE_REFUSED, 'code_refused']));
  // A stranger's own attempt for the address counts its own tries only.
  const own = attemptOf(await stranger.requestCode(email));
  await claimCodes(backend);
  for (let i = 0; i < 5; i++) await stranger.verify(email, '999999', own);
  expect(refusal(await stranger.verify(email, '999999', own))).toEqual([
    400,
    ADDRESS_CODE_REFUSED,
    'code_used_up',
  ]);

  const pass = passOf(await prospect.verify(email, String(mail?.code), attemptOf(asked)));
  expect((await prospect.insert(validBooking({ email }), pass)).error).toBeNull();
});

test('without the attempt, one answer whether or not the address is waiting for a code', async () => {
  const idle = await stranger.verify('marta@cafe.pa', '123456');
  await prospect.requestCode('marta@cafe.pa');
  await claimCodes(backend);
  const waiting = await stranger.verify('marta@cafe.pa', '123456');
  expect([waiting.status, waiting.error]).toEqual([idle.status, idle.error]);
  expect(refusal(idle)).toEqual([400, ADDRESS_CODE_REFUSED, 'code_refused']);
});

test("past the mailbox's ceiling no more mail goes out, and the latest mail's link lets its holder in", async () => {
  await backend.database.query('update private.booking_settings set address_mails_per_day = 4');
  const email = 'Sofia.Rios@cafe.pa';
  for (const from of ['127.0.2.1', '127.0.3.1']) {
    const client = addressStepClient(backend, from);
    for (let i = 0; i < 3; i++) await client.requestCode(i === 0 ? email : email.toLowerCase());
  }
  expect(refusal(await prospect.requestCode(email))).toEqual([
    429,
    'PT429',
    'limit mailbox_codes: 4 codes per 24 hours',
  ]);
  const mails = await claimCodes(backend);
  expect(mails).toHaveLength(4);
  const latest = mails.at(-1);
  const link = String(latest?.address?.link);
  // A stranger holds no mail, so no link; the wrong address or an unknown link gets one answer.
  expect(refusal(await stranger.redeem('other@cafe.pa', link))).toEqual([
    400,
    ADDRESS_LINK_REFUSED,
    'link_refused',
  ]);
  expect(refusal(await stranger.redeem(email, 'B'.repeat(43)))).toEqual([
    400,
    ADDRESS_LINK_REFUSED,
    'link_refused',
  ]);

  const redeemed = await prospect.redeem(String(latest?.address?.email).toUpperCase(), link);
  expect(redeemed.data).toMatchObject({ email: latest?.address?.email });
  expect(
    (await prospect.insert(validBooking({ email: String(latest?.address?.email) }), passOf(redeemed))).error,
  ).toBeNull();
  expect(refusal(await prospect.redeem(email, link))).toEqual([400, ADDRESS_LINK_REFUSED, 'link_refused']);

  // The ceiling met twice by the strangers' second network, once by the prospect.
  const stats = await supabaseAs(backend, 'service_role').rpc(MAIL_FUNCTIONS.clientAddress);
  expect((stats.data as ClientAddressStats).address_step?.refusals).toMatchObject({ mailbox_codes: 3 });
});

test('a pass books the spelling that answered, letter case aside', async () => {
  const asked = await prospect.requestCode('me@example.com');
  const [mail] = await claimCodes(backend);
  const pass = passOf(await prospect.verify('me@example.com', String(mail?.code), attemptOf(asked)));
  const other = await prospect.insert(validBooking({ email: 'me+someone-else@example.com' }), pass);
  expect(refusal(other)).toEqual([400, BOOKING_ADDRESS_UNPROVEN, 'address_other_address']);
  expect((await prospect.insert(validBooking({ email: 'ME@Example.com' }), pass)).error).toBeNull();
  // The confirmation goes to the spelling stored, the one that answered.
  const [queued] = await backend.database.query(
    `select bookings.email from private.mail_outbox join public.bookings on bookings.id = mail_outbox.booking_id
     where mail_outbox.kind = 'booking_confirmation'`,
  );
  expect(queued?.email).toBe('ME@Example.com');
});

test('one network mails a few different mailboxes an hour; others are not held up', async () => {
  await backend.database.query('update private.booking_settings set network_code_mails_per_hour = 3');
  const answers = [];
  for (let i = 0; i < 4; i++) answers.push(refusal(await stranger.requestCode(`someone${i}@cafe.pa`)));
  expect(answers.at(-1)).toEqual([429, 'PT429', 'limit network_code_mails: 3 addresses per hour']);
  // Another code for a mailbox this network already mailed is a mailbox matter, not a new one.
  expect(refusal(await stranger.requestCode('someone0@cafe.pa'))[0]).toBe(200);
  await prospectBooks('someone3@cafe.pa');
});

test('site-wide, a hard stop far above normal traffic, counted for the alert', async () => {
  await backend.database.query('update private.booking_settings set code_mails_site_wide_per_hour = 2');
  await stranger.requestCode('one@cafe.pa');
  await addressStepClient(backend, '127.0.3.1').requestCode('two@cafe.pa');
  expect(refusal(await prospect.requestCode('three@cafe.pa'))).toEqual([
    429,
    'PT429',
    'limit code_mails_site_wide: 2 per hour',
  ]);
  const stats = await supabaseAs(backend, 'service_role').rpc(MAIL_FUNCTIONS.clientAddress);
  expect((stats.data as ClientAddressStats).address_step).toMatchObject({
    code_mails_last_hour: 2,
    refusals: { code_mails_site_wide: 1 },
  });
});

test('code checks are limited per network, and counted for the operator', async () => {
  await backend.database.query('update private.booking_settings set code_checks_per_network_per_hour = 3');
  const email = 'pedro@cafe.pa';
  const asked = await prospect.requestCode(email);
  const [mail] = await claimCodes(backend);
  const answers = [];
  for (let i = 0; i < 4; i++) answers.push(refusal(await stranger.verify(email, '111111')));
  expect(answers.at(-1)).toEqual([429, 'PT429', 'limit code_checks_per_network: 3 per hour']);
  expect(passOf(await prospect.verify(email, String(mail?.code), attemptOf(asked)))).toBeTruthy();
  const stats = await supabaseAs(backend, 'service_role').rpc(MAIL_FUNCTIONS.clientAddress);
  expect((stats.data as ClientAddressStats).address_step).toMatchObject({
    wrong_codes_last_hour: 3,
    most_wrong_codes_one_network_last_hour: 3,
  });
});

test('the proof grows harder for a network that asks for many codes, and only for it', async () => {
  await backend.database.query(
    'update private.booking_settings set proof_doubling_requests = 2, proof_max_doublings = 1',
  );
  const challengeFrom = async (from: string) =>
    (await supabaseAs(backend, 'anon', { proof: 'none', from }).rpc('booking_challenge'))
      .data as BookingChallenge;
  const base = (await challengeFrom(PROSPECT)).maxnumber;
  for (let i = 0; i < 2; i++) await stranger.requestCode(`load${i}@cafe.pa`);
  const harder = await challengeFrom('127.0.2.1');
  expect(harder.maxnumber).toBe(base * 2);
  expect(harder.salt).toMatch(new RegExp(`&maxnumber=${base * 2}&$`));
  expect((await challengeFrom(PROSPECT)).maxnumber).toBe(base);
  // The harder proof is read back with its own difficulty.
  const answer = await supabaseAs(backend, 'anon', { proof: 'none', from: '127.0.2.1' })
    .rpc('request_booking_code', { email: 'load9@cafe.pa' })
    .setHeader(BOOKING_PROOF_HEADER, await solveBookingChallenge(harder as BookingChallenge));
  expect(answer.error).toBeNull();
});

describe('a call a page of another site can make without a CORS preflight', () => {
  /** A form post or a no-cors fetch: the key in the URL, a safelisted content type or none. */
  const crossSite = (path: string, body: object, contentType?: string) =>
    fetch(`${backend.url}/rest/v1/${path}?apikey=${LOCAL_ANON_KEY}`, {
      method: 'POST',
      headers: contentType ? { 'content-type': contentType } : {},
      body: JSON.stringify(body),
    });

  test.each([
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    undefined,
  ])('is refused before anything is spent (content type %s)', async (contentType) => {
    await prospect.requestCode('eva@cafe.pa');
    await claimCodes(backend);
    const calls = [
      crossSite('rpc/verify_booking_code', { email: 'eva@cafe.pa', code: '000000' }, contentType),
      crossSite('rpc/redeem_booking_link', { email: 'eva@cafe.pa', link: 'C'.repeat(43) }, contentType),
      crossSite('rpc/request_booking_code', { email: 'eva@cafe.pa' }, contentType),
      crossSite('rpc/booking_challenge', {}, contentType),
      crossSite('bookings', validBooking({ email: 'eva@cafe.pa' }), contentType),
    ];
    for (const response of await Promise.all(calls)) {
      const body = (await response.json()) as { code?: string };
      expect([response.status, body.code]).toEqual([400, CROSS_SITE_REFUSED]);
    }
    const [checks] = await backend.database.query(
      'select count(*)::int as count from private.address_code_checks',
    );
    expect(Number(checks?.count)).toBe(0);
    expect(await bookingsOf('eva@cafe.pa')).toBe(0);
  });

  test('supabase-js and a JSON fetch are served as before', async () => {
    const response = await fetch(`${backend.url}/rest/v1/rpc/request_booking_code?apikey=${LOCAL_ANON_KEY}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [BOOKING_PROOF_HEADER]: await bookingProof(backend) },
      body: JSON.stringify({ email: 'eva@cafe.pa' }),
    });
    expect(response.status).toBe(200);
  });
});

test('the agency can send a prospect who wrote in a mail whose link lets them book, past every limit', async () => {
  await backend.database.query('update private.booking_settings set address_mails_per_day = 1');
  const email = 'rosa@cafe.pa';
  await stranger.requestCode(email);
  expect(refusal(await prospect.requestCode(email))[0]).toBe(429);
  await backend.database.query(`select private.send_address_mail($1, 'es')`, [email]);
  const mail = (await claimCodes(backend)).at(-1);
  expect(mail?.address).toMatchObject({ email, language: 'es' });
  const pass = passOf(await prospect.redeem(email, String(mail?.address?.link)));
  expect((await prospect.insert(validBooking({ email }), pass)).error).toBeNull();
  // Not a visitor's to call.
  const { error } = await supabaseAs(backend, 'service_role').rpc('send_address_mail', { email });
  expect(error).not.toBeNull();
});

test("a new code asked with the attempt joins it: either code answers it, and a stranger's attempt cannot be joined", async () => {
  const email = 'nora@cafe.pa';
  const attempt = attemptOf(await prospect.requestCode(email));
  const [first] = await claimCodes(backend);
  expect(attemptOf(await prospect.requestCode(email, { attempt }))).toBe(attempt);
  await claimCodes(backend);
  // The stranger names the prospect's attempt (which it cannot know) for another mailbox: a new one.
  expect(attemptOf(await stranger.requestCode('other@cafe.pa', { attempt }))).not.toBe(attempt);
  expect(passOf(await prospect.verify(email, String(first?.code), attempt))).toBeTruthy();
});

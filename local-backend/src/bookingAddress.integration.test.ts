import {
  ADDRESS_CODE_REFUSED,
  ADDRESS_NOT_BOOKABLE,
  BOOKING_ADDRESS_PASS_HEADER,
  BOOKING_ADDRESS_UNPROVEN,
  BOOKING_PROOF_HEADER,
  ADDRESS_SECRET_PATTERN,
  MAIL_FUNCTIONS,
  REQUEST_ADDRESS_CODE_FUNCTION,
  VERIFY_ADDRESS_CODE_FUNCTION,
  type ClaimedMailRow,
} from 'supabase-schema';
import { bookingProof, supabaseAs, validBooking } from './testing/testBackend';
import { setUpTestBackend } from './testing/setUpTestBackend';

// The address step (20270105090000_booking_address_proof.sql) through the real API: a slot is held
// only by an address whose owner answered the mailed code, and an address that has not answered
// receives nothing but codes, at most three a day, written by nobody but the agency.

const backend = setUpTestBackend({ liftBookingLimits: true });

beforeEach(async () => {
  await backend.database.query(
    'truncate private.booking_address_codes, private.booking_address_passes cascade',
  );
  await backend.database.query('delete from private.mail_outbox');
  await backend.database.query(
    `update private.booking_settings set verify_booking_address = true, address_code_resend_after = '0'`,
  );
});

/** A script with the public key and solved proofs: it calls the API itself. */
const script = () => supabaseAs(backend, 'anon', { proof: 'none' });

async function requestCode(email: string, language = 'en') {
  return script()
    .rpc(REQUEST_ADDRESS_CODE_FUNCTION, { email, language })
    .setHeader(BOOKING_PROOF_HEADER, await bookingProof(backend));
}

/** What the mailer would claim: the codes as they leave for the inbox. */
async function claimCodes(): Promise<ClaimedMailRow[]> {
  const { data, error } = await supabaseAs(backend, 'service_role').rpc(MAIL_FUNCTIONS.claim, {
    batch_size: 100,
    lease_seconds: 60,
  });
  if (error) throw new Error(error.message);
  const rows = data as ClaimedMailRow[];
  for (const row of rows) {
    await supabaseAs(backend, 'service_role').rpc(MAIL_FUNCTIONS.sent, {
      message_id: row.message_id,
      attempt: row.attempt,
    });
  }
  return rows.filter((row) => row.kind === 'address_code');
}

/** The attempt id a code request answered, which only the browser that asked holds. */
function attemptOf(answer: { data: unknown }): string {
  const attempt = (answer.data as { attempt?: unknown } | null)?.attempt;
  if (typeof attempt !== 'string') throw new Error(`no attempt in ${JSON.stringify(answer.data)}`);
  return attempt;
}

const verify = (email: string, code: string, attempt: string) =>
  script().rpc(VERIFY_ADDRESS_CODE_FUNCTION, { email, code, attempt });

const insertWithPass = (booking: ReturnType<typeof validBooking>, pass?: string) =>
  supabaseAs(backend, 'anon', {
    proof: 'none',
    ...(pass ? { headers: { [BOOKING_ADDRESS_PASS_HEADER]: pass } } : {}),
  })
    .from('bookings')
    .insert(booking);

async function passFor(email: string): Promise<string> {
  const asked = await requestCode(email);
  expect(asked.error).toBeNull();
  const [mail] = await claimCodes();
  const { data, error } = await verify(email, String(mail?.code), attemptOf(asked));
  expect(error).toBeNull();
  return (data as { pass: string }).pass;
}

async function bookingCount(): Promise<number> {
  const [row] = await backend.database.query('select count(*)::int as count from public.bookings');
  return Number(row?.count);
}

test('a code goes to the address in the language asked, and only its answer lets the booking be stored', async () => {
  const answer = await requestCode('ana.perez@example.com', 'es');
  expect(answer.error).toBeNull();
  expect(answer.data).toEqual({
    step: 'code',
    attempt: expect.stringMatching(ADDRESS_SECRET_PATTERN),
    resend_after_seconds: 0,
    code_valid_seconds: 600,
  });

  const [mail, ...others] = await claimCodes();
  expect(others).toEqual([]);
  expect(mail).toMatchObject({
    kind: 'address_code',
    booking: null,
    cancel_token: null,
    address: {
      email: 'ana.perez@example.com',
      language: 'es',
      valid_minutes: 10,
      link: expect.stringMatching(ADDRESS_SECRET_PATTERN),
    },
  });
  expect(mail?.code).toMatch(/^[0-9]{6}$/);
  // Only the code's hash is kept.
  const [stored] = await backend.database.query(
    `select code_hash::text as hash from private.booking_address_codes`,
  );
  expect(String(stored?.hash)).not.toContain(String(mail?.code));

  const verified = await verify('ana.perez@example.com', ` ${mail?.code} `, attemptOf(answer));
  expect(verified.error).toBeNull();
  const pass = (verified.data as { pass: string }).pass;
  expect((await insertWithPass(validBooking({ email: 'ana.perez@example.com' }), pass)).error).toBeNull();
  expect(await bookingCount()).toBe(1);
});

test('a code asked for in Portuguese is mailed in Portuguese; a language the mailer lacks, in English', async () => {
  await requestCode('joao.silva@example.com.br', 'pt');
  await requestCode('ana.perez@example.com', 'fr');
  const mails = await claimCodes();
  expect(mails.map((mail) => mail.address?.language)).toEqual(['pt', 'en']);
});

test("without a pass, or with another mailbox's, a spent or a made-up one, no slot is held", async () => {
  const booking = validBooking({ email: 'victim@example.com' });
  const refusals = [
    await insertWithPass(booking),
    await insertWithPass(booking, 'A'.repeat(43)),
    await insertWithPass(booking, await passFor('attacker@example.com')),
  ];
  expect(refusals.map(({ status, error }) => [status, error?.code, error?.details])).toEqual([
    [400, BOOKING_ADDRESS_UNPROVEN, 'address_missing'],
    [400, BOOKING_ADDRESS_UNPROVEN, 'address_unknown'],
    [400, BOOKING_ADDRESS_UNPROVEN, 'address_other_address'],
  ]);
  const pass = await passFor('victim@example.com');
  expect((await insertWithPass(booking, pass)).error).toBeNull();
  const replay = await insertWithPass(validBooking({ email: 'victim@example.com' }), pass);
  expect([replay.status, replay.error?.details]).toEqual([400, 'address_used']);
  expect(await bookingCount()).toBe(1);
  // Nothing the script typed went to anyone: no booking mail was queued for the refused rows.
  const [queued] = await backend.database.query(
    `select count(*)::int as count from private.mail_outbox
     where booking_id is not null and kind <> 'calendar_event'`,
  );
  expect(Number(queued?.count)).toBe(3);
});

test("a wrong code is said and counted against the attempt; after five tries the attempt's code is used up", async () => {
  const attempt = attemptOf(await requestCode('tries@example.com'));
  const [mail] = await claimCodes();
  const wrong = String((Number(mail?.code) + 1) % 1_000_000).padStart(6, '0');
  const answers = [];
  for (let i = 0; i < 5; i++) answers.push(await verify('tries@example.com', wrong, attempt));
  expect(answers.map(({ status, error }) => [status, error?.code, error?.details])).toEqual([
    ...Array.from({ length: 4 }, () => [400, ADDRESS_CODE_REFUSED, 'code_wrong']),
    [400, ADDRESS_CODE_REFUSED, 'code_used_up'],
  ]);
  const late = await verify('tries@example.com', String(mail?.code), attempt);
  expect([late.status, late.error?.details]).toEqual([400, 'code_used_up']);
});

test('an expired code is refused', async () => {
  const attempt = attemptOf(await requestCode('late@example.com'));
  const [mail] = await claimCodes();
  await backend.database.query(
    `update private.booking_address_codes set expires_at = now() - interval '1 second'`,
  );
  const answer = await verify('late@example.com', String(mail?.code), attempt);
  expect([answer.status, answer.error?.code, answer.error?.details]).toEqual([
    400,
    ADDRESS_CODE_REFUSED,
    'code_expired',
  ]);
});

test('five spellings of one Gmail mailbox receive at most three codes a day from one network', async () => {
  const spellings = [
    'victim@gmail.com',
    'VICTIM@gmail.com',
    'v.ictim@gmail.com',
    'victim+1@gmail.com',
    'vic.tim+x@googlemail.com',
  ];
  const answers = [];
  for (const email of spellings) answers.push(await requestCode(email));
  expect(answers.map(({ status, error }) => [status, error?.code])).toEqual([
    [200, undefined],
    [200, undefined],
    [200, undefined],
    [429, 'PT429'],
    [429, 'PT429'],
  ]);
  expect(answers[3]?.error?.details).toBe('limit mailbox_network_codes: 3 codes per 24 hours');
  expect(await claimCodes()).toHaveLength(3);
});

test('another code waits the resend delay, and the refusal keeps the proof spent', async () => {
  await backend.database.query(
    `update private.booking_settings set address_code_resend_after = '30 seconds'`,
  );
  expect((await requestCode('wait@example.com')).error).toBeNull();
  const proof = await bookingProof(backend);
  const early = await script()
    .rpc(REQUEST_ADDRESS_CODE_FUNCTION, { email: 'wait@example.com' })
    .setHeader(BOOKING_PROOF_HEADER, proof);
  expect([early.status, early.error?.code]).toEqual([429, 'PT429']);
  expect(early.error?.details).toMatch(/^resend_after (29|30)$/);
  // The refused request spent its proof: it cannot buy a code for anyone else.
  const again = await script()
    .rpc(REQUEST_ADDRESS_CODE_FUNCTION, { email: 'other@example.com' })
    .setHeader(BOOKING_PROOF_HEADER, proof);
  expect([again.status, again.error?.code, again.error?.details]).toEqual([400, 'BK005', 'proof_replayed']);
});

test('an address the mail stack cannot deliver to is refused before anything is spent or sent', async () => {
  for (const email of [
    'ana@cafe.pa.',
    'josé@correo.pa',
    'a b@example.com',
    'ana@example.com\r\nBcc: x@y.z',
  ]) {
    const answer = await requestCode(email);
    expect([email, answer.status, answer.error?.code]).toEqual([email, 400, ADDRESS_NOT_BOOKABLE]);
  }
  expect(await claimCodes()).toEqual([]);
});

test('with the step turned off, the request answers a pass at once and sends nothing', async () => {
  await backend.database.query('update private.booking_settings set verify_booking_address = false');
  const answer = await requestCode('quick@example.com');
  expect(answer.data).toMatchObject({ step: 'pass' });
  const pass = (answer.data as { pass: string }).pass;
  expect((await insertWithPass(validBooking({ email: 'quick@example.com' }), pass)).error).toBeNull();
  expect(await claimCodes()).toEqual([]);
});

test('a pass survives a refused insert (a taken slot) and books the next free time', async () => {
  const taken = validBooking({ email: 'first@example.com' });
  expect((await insertWithPass(taken, await passFor('first@example.com'))).error).toBeNull();
  const pass = await passFor('second@example.com');
  const lost = await insertWithPass(
    validBooking({
      email: 'second@example.com',
      preferred_date: taken.preferred_date,
      preferred_time: taken.preferred_time,
    }),
    pass,
  );
  expect([lost.status, lost.error?.code]).toEqual([409, 'PT409']);
  expect((await insertWithPass(validBooking({ email: 'second@example.com' }), pass)).error).toBeNull();
});

test('a script on many networks with solved proofs, reading no inbox, holds no slot and sends no one its text', async () => {
  const slot = validBooking();
  for (const [index, from] of ['127.0.1.1', '127.0.2.1', '127.0.3.1'].entries()) {
    const email = `stranger${index}@gmail.com`;
    const client = supabaseAs(backend, 'anon', { proof: 'none', from });
    // It asks for a code (a real proof, so the request is honoured) and guesses.
    const asked = await client
      .rpc(REQUEST_ADDRESS_CODE_FUNCTION, { email, language: 'en' })
      .setHeader(BOOKING_PROOF_HEADER, await bookingProof(backend));
    expect(asked.error).toBeNull();
    const attempt = attemptOf(asked);
    expect(
      (await client.rpc(VERIFY_ADDRESS_CODE_FUNCTION, { email, code: '000000', attempt })).error?.code,
    ).toBe(ADDRESS_CODE_REFUSED);
    const insert = await client
      .from('bookings')
      .insert({ ...slot, email, full_name: 'Hi stranger, click https://evil.example' });
    expect([insert.status, insert.error?.code]).toEqual([400, BOOKING_ADDRESS_UNPROVEN]);
  }
  expect(await bookingCount()).toBe(0);
  const { data } = await script().rpc('available_slots', {
    from_date: slot.preferred_date,
    to_date: slot.preferred_date,
  });
  expect((data as { free_times: string[] }[])[0]?.free_times).toContain(slot.preferred_time);
  // What reached the strangers' inboxes: codes, and in them nothing the script wrote.
  const mails = await claimCodes();
  expect(mails.map((mail) => mail.address?.email).sort()).toEqual([
    'stranger0@gmail.com',
    'stranger1@gmail.com',
    'stranger2@gmail.com',
  ]);
  expect(JSON.stringify(mails)).not.toContain('evil.example');
  const [queued] = await backend.database.query(
    'select count(*)::int as count from private.mail_outbox where booking_id is not null',
  );
  expect(Number(queued?.count)).toBe(0);
});

import type { SupabaseClient } from '@supabase/supabase-js';
import {
  BOOKING_ADDRESS_PASS_HEADER,
  BOOKING_LANGUAGE_HEADER,
  BOOKING_PROOF_HEADER,
  BOOKING_TIME_ZONE_HEADER,
  REDEEM_ADDRESS_LINK_FUNCTION,
  REQUEST_ADDRESS_CODE_FUNCTION,
  VERIFY_ADDRESS_CODE_FUNCTION,
  type BookingInsert,
} from 'supabase-schema';
import { BookingNotStoredError } from './bookingRefusal';
import { supabaseBookingStore } from './supabaseBookingStore';
import { isTimeZone } from './visitorTimeZone';

type Failure = { code: string; message: string; details?: string };
type Answer = { data?: unknown; error: Failure | null; status: number };

interface Sent {
  call: string;
  args?: unknown;
  headers: Record<string, string>;
}

/** A client that records each request (insert or RPC) with its headers and answers as the database would. */
function recordingClient(answers: Answer[]) {
  const sent: Sent[] = [];
  function request(call: string, args?: unknown) {
    const headers: Record<string, string> = {};
    sent.push({ call, args, headers });
    // supabase-js's builder: headers are chained, and awaiting it sends the request.
    const builder = {
      setHeader: (name: string, value: string) => {
        headers[name] = value;
        return builder;
      },
      then: (resolve: (answer: Answer) => void) =>
        resolve(answers.shift() ?? { data: null, error: null, status: 201 }),
    };
    return builder;
  }
  const client = {
    from: (table: string) => ({ insert: () => request(`insert ${table}`) }),
    rpc: (name: string, args: unknown) => request(`rpc ${name}`, args),
  } as unknown as SupabaseClient;
  return { client, sent };
}

const booking = { id: '6f1c3f7e-0000-4000-8000-000000000001' } as BookingInsert;
const sender = { language: 'en', pass: 'pass-1' } as const;

test('asking for a code pays a proof of its own each time, in the X-Booking-Proof header', async () => {
  const { client, sent } = recordingClient([
    { data: { step: 'code', resend_after_seconds: 30, code_valid_seconds: 600 }, error: null, status: 200 },
    { data: { step: 'pass', pass: 'p' }, error: null, status: 200 },
  ]);
  let issued = 0;
  const store = supabaseBookingStore(client, async () => `proof-${++issued}`);
  await expect(store.requestCode('ana@tienda.pa', { language: 'es' })).resolves.toMatchObject({
    step: 'code',
  });
  await expect(store.requestCode('ana@tienda.pa', { language: 'es' })).resolves.toEqual({
    step: 'pass',
    pass: 'p',
  });
  expect(sent).toEqual([
    {
      call: `rpc ${REQUEST_ADDRESS_CODE_FUNCTION}`,
      args: { email: 'ana@tienda.pa', language: 'es' },
      headers: { [BOOKING_PROOF_HEADER]: 'proof-1' },
    },
    expect.objectContaining({ headers: { [BOOKING_PROOF_HEADER]: 'proof-2' } }),
  ]);
});

test('a code whose proof could not be made is not asked for, and fails like any other', async () => {
  const { client, sent } = recordingClient([]);
  const store = supabaseBookingStore(client, () => Promise.reject(new Error('offline')));
  await expect(store.requestCode('ana@tienda.pa', { language: 'en' })).rejects.toThrow('offline');
  expect(sent).toEqual([]);
});

test("a refusal keeps PostgREST's code and details, for the form to say why", async () => {
  const { client } = recordingClient([
    { error: { code: 'PT429', message: 'Too many', details: 'resend_after 12' }, status: 429 },
    { error: { code: 'BK007', message: 'Code refused', details: 'code_expired' }, status: 400 },
  ]);
  const store = supabaseBookingStore(client, async () => 'proof');
  const tooSoon = await store
    .requestCode('ana@tienda.pa', { language: 'en' })
    .catch((error: unknown) => error);
  expect(tooSoon).toBeInstanceOf(BookingNotStoredError);
  expect((tooSoon as BookingNotStoredError).resendAfterSeconds).toBe(12);
  const refused = await store.verifyCode('ana@tienda.pa', '123456').catch((error: unknown) => error);
  expect((refused as BookingNotStoredError).codeRefusal).toBe('expired');
});

test('the right code is traded for the pass; without an attempt, the call has the e-mail and the code only', async () => {
  const { client, sent } = recordingClient([{ data: { pass: 'pass-9' }, error: null, status: 200 }]);
  const store = supabaseBookingStore(client, async () => 'proof');
  await expect(store.verifyCode('ana@tienda.pa', '123456')).resolves.toBe('pass-9');
  expect(sent[0]).toEqual({
    call: `rpc ${VERIFY_ADDRESS_CODE_FUNCTION}`,
    args: { email: 'ana@tienda.pa', code: '123456' },
    headers: {},
  });
});

test("the typed code is checked with its attempt's id; an older database's answer had none", async () => {
  const attempt = 'a'.repeat(43);
  const { client, sent } = recordingClient([
    {
      data: { step: 'code', attempt, resend_after_seconds: 30, code_valid_seconds: 600 },
      error: null,
      status: 200,
    },
    { data: { pass: 'pass-9' }, error: null, status: 200 },
    {
      data: { step: 'code', attempt: null, resend_after_seconds: 30, code_valid_seconds: 600 },
      error: null,
      status: 200,
    },
  ]);
  const store = supabaseBookingStore(client, async () => 'proof');
  await expect(store.requestCode('ana@tienda.pa', { language: 'en' })).resolves.toMatchObject({ attempt });
  await store.verifyCode('ana@tienda.pa', '123456', attempt);
  expect(sent[1]?.args).toEqual({ email: 'ana@tienda.pa', code: '123456', attempt });
  await expect(store.requestCode('ana@tienda.pa', { language: 'en' })).resolves.not.toHaveProperty('attempt');
});

test("a code mail's link is traded for the pass; a refused one says so", async () => {
  const link = 'L'.repeat(43);
  const { client, sent } = recordingClient([
    { data: { pass: 'pass-7', email: 'Ana@Tienda.pa' }, error: null, status: 200 },
    { error: { code: 'BK009', message: 'Link refused', details: 'link_refused' }, status: 400 },
  ]);
  const store = supabaseBookingStore(client, async () => 'proof');
  await expect(store.redeemLink('ana@tienda.pa', link)).resolves.toEqual({
    pass: 'pass-7',
    email: 'Ana@Tienda.pa',
  });
  expect(sent[0]).toEqual({
    call: `rpc ${REDEEM_ADDRESS_LINK_FUNCTION}`,
    args: { email: 'ana@tienda.pa', link },
    headers: {},
  });
  const refused = await store.redeemLink('ana@tienda.pa', link).catch((error: unknown) => error);
  expect((refused as BookingNotStoredError).linkRefused).toBe(true);
});

test("the insert carries the pass, the page's language and the visitor's time zone, and no proof", async () => {
  const { client, sent } = recordingClient([]);
  const store = supabaseBookingStore(
    client,
    async () => 'proof',
    () => 'America/Bogota',
  );
  await store.insert(booking, { language: 'es', pass: 'pass-1' });
  expect(sent[0]).toEqual({
    call: 'insert bookings',
    args: undefined,
    headers: {
      [BOOKING_ADDRESS_PASS_HEADER]: 'pass-1',
      [BOOKING_LANGUAGE_HEADER]: 'es',
      [BOOKING_TIME_ZONE_HEADER]: 'America/Bogota',
    },
  });
});

test('only a duplicate of bookings_pkey is "already stored"; another unique violation is an error', async () => {
  const { client } = recordingClient([
    {
      error: {
        code: '23505',
        message: 'duplicate key value violates unique constraint "bookings_pkey"',
        details: 'Key (id)=(6f1c3f7e-0000-4000-8000-000000000001) already exists.',
      },
      status: 409,
    },
    {
      error: {
        code: '23505',
        message: 'duplicate key value violates unique constraint "bookings_held_slot_idx"',
        details: '',
      },
      status: 409,
    },
    { error: { code: '23505', message: 'duplicate key', details: '' }, status: 409 },
  ]);
  const store = supabaseBookingStore(client, async () => 'proof');
  await expect(store.insert(booking, sender)).resolves.toBeUndefined();
  await expect(store.insert(booking, sender)).rejects.toMatchObject({ code: '23505', status: 409 });
  await expect(store.insert(booking, sender)).rejects.toBeInstanceOf(BookingNotStoredError);
});

test('a CHECK on control characters names the column the form points at', async () => {
  const { client } = recordingClient([
    {
      error: {
        code: '23514',
        message:
          'new row for relation "bookings" violates check constraint "bookings_goals_characters_check"',
        details: 'Failing row contains (…).',
      },
      status: 400,
    },
  ]);
  const store = supabaseBookingStore(client, async () => 'proof');
  const refused = await store.insert(booking, sender).catch((error: unknown) => error);
  expect((refused as BookingNotStoredError).refusedCharactersColumn).toBe('goals');
});

test('a browser that names no usable time zone sends none, and the database assumes Panama', async () => {
  const { client, sent } = recordingClient([]);
  const store = supabaseBookingStore(
    client,
    async () => 'proof',
    () => null,
  );
  await store.insert(booking, sender);
  expect(sent[0]?.headers).not.toHaveProperty(BOOKING_TIME_ZONE_HEADER);
  expect(sent[0]?.headers[BOOKING_LANGUAGE_HEADER]).toBe('en');
});

test('only a zone Intl knows, written as a header can carry it, counts as a time zone', () => {
  expect(isTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
  expect(isTimeZone('UTC')).toBe(true);
  for (const zone of ['', ' ', 'Mars/Olympus_Mons', 'America/Bogotá', 'UTC\r\nX-Evil: 1', undefined]) {
    expect(isTimeZone(zone)).toBe(false);
  }
});

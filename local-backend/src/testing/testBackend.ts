import http from 'node:http';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { solveChallenge } from 'altcha-lib/v1';
import WebSocket from 'ws';
import {
  BOOKING_ADDRESS_PASS_HEADER,
  BOOKING_LIMITS,
  BOOKING_PROOF_HEADER,
  REQUEST_ADDRESS_CODE_FUNCTION,
  type AddressCodeRequested,
  encodeBookingProof,
  type BookingChallenge,
  PREFERRED_TIMES,
  type BookingInsert,
  type PreferredTime,
} from 'supabase-schema';
import { databaseFromEnvironment, LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../config';
import { startLocalBackend, type RunningBackend } from '../startLocalBackend';
import { bookableDays, learnCalendar } from './testCalendar';

/**
 * A local backend for one test file, on a free port: an in-memory PGlite, or the Postgres
 * server named by DATABASE_URL (emptied first), so the same suite runs against both.
 */
export async function startTestBackend(): Promise<RunningBackend> {
  const backend = await startLocalBackend({
    config: { port: 0 },
    databaseUrl: databaseFromEnvironment().databaseUrl,
  });
  await forgetBookings(backend);
  await backend.database.query('truncate public.email_outbox');
  // A shared server keeps what an earlier test file changed: start from the migration's limits.
  await setBookingLimits(backend, BOOKING_LIMITS);
  // Tests of other rules hand out hundreds of distinct slots (nextBookableSlot): a year of them.
  // Their visitors solve a proof per booking: an easy one, so a suite of hundreds stays quick; and
  // they prove no address (the step answers a pass at once): the tests of the step turn it on.
  await backend.database.query(
    `update private.booking_settings set booking_horizon = '1 year', proof_max_number = $1,
       verify_booking_address = false, challenges_per_address = 1000000, challenges_site_wide = 1000000,
       network_code_mails_per_hour = 1000, code_checks_per_network_per_hour = 10000,
       code_mails_site_wide_per_hour = 100000, proof_doubling_requests = 100, proof_max_doublings = 0`,
    [TEST_PROOF_MAX_NUMBER],
  );
  // A shared server keeps an earlier file's clock: the rules read the real now again.
  await backend.database.query('delete from private.rules_clock_override');
  await learnCalendar(backend);
  return backend;
}

/** The tests' difficulty; tests of the proof itself set the production one (DEFAULT_PROOF_MAX_NUMBER). */
export const TEST_PROOF_MAX_NUMBER = 500;

export async function setProofDifficulty(backend: RunningBackend, maxNumber: number): Promise<void> {
  await backend.database.query('update private.booking_settings set proof_max_number = $1', [maxNumber]);
}

type BookingLimits = Record<keyof typeof BOOKING_LIMITS, { maxBookings: number; per: string }>;

export async function setBookingLimits(backend: RunningBackend, limits: BookingLimits): Promise<void> {
  for (const [name, { maxBookings, per }] of Object.entries(limits)) {
    await backend.database.query(
      'update private.booking_limits set max_bookings = $2, per = $3::interval where name = $1',
      [name, maxBookings, per],
    );
  }
}

/** For tests of other rules, which book far more often than any visitor may. */
export function liftBookingLimits(backend: RunningBackend): Promise<void> {
  const lifted = { maxBookings: 1_000_000, per: '1 hour' };
  return setBookingLimits(backend, {
    per_address: lifted,
    per_network: lifted,
    per_email: lifted,
    site_wide: lifted,
  });
}

/** Empties the bookings and the log the abuse limits count, as if no visitor had ever booked. */
export async function forgetBookings(backend: RunningBackend): Promise<void> {
  await backend.database.query('truncate public.bookings, private.booking_requests cascade');
}

/**
 * A fetch whose connections leave from `localAddress`: any 127.0.0.x is this machine, so a test
 * can be several visitors with different addresses, as the backend (and the limits) see them.
 */
export function fetchFrom(localAddress: string): typeof fetch {
  return (input, init = {}) =>
    new Promise((resolve, reject) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const requestHeaders: Record<string, string> = {};
      new Headers(init.headers).forEach((value, name) => {
        requestHeaders[name] = value;
      });
      const request = http.request(
        url,
        {
          method: init.method ?? 'GET',
          headers: requestHeaders,
          localAddress,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(response.headers)) {
              if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
            }
            const body = chunks.length ? new Uint8Array(Buffer.concat(chunks)) : null;
            resolve(
              new Response(body, {
                status: response.statusCode,
                statusText: response.statusMessage,
                headers,
              }),
            );
          });
        },
      );
      request.on('error', reject);
      if (init.body !== undefined && init.body !== null) request.write(String(init.body));
      request.end();
    });
}

/** A challenge from public.booking_challenge(), asked over the REST API as the form asks for it. */
export async function bookingChallenge(backend: RunningBackend): Promise<BookingChallenge> {
  const response = await fetch(`${backend.url}/rest/v1/rpc/booking_challenge`, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
    body: '{}',
  });
  if (!response.ok) throw new Error(`booking_challenge answered ${response.status}`);
  return (await response.json()) as BookingChallenge;
}

/** Solves a challenge with the solver the form uses (altcha-lib, WebCrypto): the header's value. */
export async function solveBookingChallenge(challenge: BookingChallenge): Promise<string> {
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  if (!solution) throw new Error(`No solution up to ${challenge.maxnumber}`);
  return encodeBookingProof(challenge, solution.number);
}

/** A fresh proof for one booking, as the form sends it. */
export async function bookingProof(backend: RunningBackend): Promise<string> {
  return solveBookingChallenge(await bookingChallenge(backend));
}

/**
 * A pass for one booking of `email`, as the form gets one with the step turned off (the test
 * backend's default): a solved proof of work to request_booking_code, which answers the pass.
 */
export async function addressPass(backend: RunningBackend, email: string, send: typeof fetch = fetch) {
  const url = send === fetch ? backend.url : backend.url.replace('//localhost:', '//127.0.0.1:');
  const response = await send(`${url}/rest/v1/rpc/${REQUEST_ADDRESS_CODE_FUNCTION}`, {
    method: 'POST',
    headers: {
      apikey: LOCAL_ANON_KEY,
      'content-type': 'application/json',
      [BOOKING_PROOF_HEADER]: await bookingProof(backend),
    },
    body: JSON.stringify({ email, language: 'en' }),
  });
  const answer = (await response.json()) as AddressCodeRequested;
  if (!response.ok || answer.step !== 'pass') {
    throw new Error(`request_booking_code answered ${response.status} ${JSON.stringify(answer)}`);
  }
  return answer.pass;
}

/** The e-mail of the (first) row an insert's body holds. */
function insertedEmail(body: unknown): string {
  const rows: unknown = JSON.parse(String(body));
  const first = (Array.isArray(rows) ? rows[0] : rows) as { email?: unknown } | undefined;
  return typeof first?.email === 'string' ? first.email : '';
}

/**
 * `fetch` as the form uses it: each booking insert (POST /rest/v1/bookings) carries a pass of its
 * own, for its e-mail, unless the caller set one (a test sending a forged or spent pass).
 */
function fetchWithPass(backend: RunningBackend, send: typeof fetch): typeof fetch {
  return async (input, init = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers = new Headers(init.headers);
    if (
      init.method === 'POST' &&
      url.pathname === '/rest/v1/bookings' &&
      !headers.has(BOOKING_ADDRESS_PASS_HEADER)
    ) {
      headers.set(BOOKING_ADDRESS_PASS_HEADER, await addressPass(backend, insertedEmail(init.body), send));
      return send(input, { ...init, headers });
    }
    return send(input, init);
  };
}

interface ClientOptions {
  /** The visitor's address, any 127.x.y.z but 127.0.0.0; omitted, the system's choice (127.0.0.1). */
  from?: string;
  /** Extra headers on every request, e.g. a forged X-Forwarded-For. */
  headers?: Record<string, string>;
  /**
   * 'form' (the default but for service_role): a visitor through the form, whose bookings carry a
   * fresh pass (a proof of work paid for it).
   * 'none': a script calling the API directly, which sends only what the test gives it.
   */
  proof?: 'form' | 'none';
}

export function supabaseAs(
  backend: RunningBackend,
  key: 'anon' | 'service_role' | string,
  { from, headers, proof = key === 'service_role' ? 'none' : 'form' }: ClientOptions = {},
): SupabaseClient {
  const apiKey = key === 'anon' ? LOCAL_ANON_KEY : key === 'service_role' ? LOCAL_SERVICE_ROLE_KEY : key;
  // A chosen IPv4 source address needs an IPv4 destination ("localhost" may resolve to ::1).
  const url = from ? backend.url.replace('//localhost:', '//127.0.0.1:') : backend.url;
  const send = from ? fetchFrom(from) : fetch;
  return createClient(url, apiKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: {
      fetch: proof === 'form' ? fetchWithPass(backend, send) : send,
      ...(headers ? { headers } : {}),
    },
    // Node 20 has no WebSocket of its own; supabase-js builds its realtime client eagerly.
    realtime: { transport: WebSocket as never },
  });
}

let slotsHanded = 0;

/**
 * A slot a visitor may book, a different one at each call (hundreds before they repeat), so tests
 * of other rules never meet the one-booking-per-slot rule.
 */
export function nextBookableSlot(): { preferred_date: string; preferred_time: PreferredTime } {
  const days = bookableDays();
  const index = slotsHanded++ % (days.length * PREFERRED_TIMES.length);
  return {
    preferred_date: days[Math.floor(index / PREFERRED_TIMES.length)] as string,
    preferred_time: PREFERRED_TIMES[index % PREFERRED_TIMES.length] as PreferredTime,
  };
}

/** A booking a visitor could really send: every rule satisfied, in a free slot of its own. */
export function validBooking(overrides: Partial<BookingInsert> = {}): BookingInsert {
  // A slot of its own unless the caller names one (before the backend has started, too).
  const { preferred_date, preferred_time } = overrides;
  const slot = preferred_date && preferred_time ? { preferred_date, preferred_time } : nextBookableSlot();
  return {
    full_name: 'María Fernanda Castillo',
    email: 'maria.castillo@cafeboquete.com.pa',
    phone: '+507 6123-4567',
    company_name: 'Café Boquete S.A.',
    website: 'https://cafeboquete.com.pa',
    industry: 'Food & Beverage',
    company_size: '11-50',
    current_marketing: 'Instagram posts twice a week, no paid ads.',
    budget: '1000-2500',
    goals: 'Sell more coffee online to customers in the US and Europe.',
    ...slot,
    additional_info: 'We prefer calls in Spanish.',
    status: 'pending',
    ...overrides,
  };
}

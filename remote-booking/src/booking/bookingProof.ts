/**
 * The proof of work each booking carries (supabase/src/bookingProof.ts): a challenge from
 * public.booking_challenge(), solved in the visitor's browser while they fill in the form, sent
 * with each code request in its X-Booking-Proof header. The database refuses a request without one,
 * so a script pays the work for every code while a visitor pays it before pressing send: the proof is
 * solved on the form's first focus, solved again before it expires while the page is shown, and the
 * next one is solved as soon as one is taken, ready for "send a new code".
 */
import {
  BOOKING_CHALLENGE_FUNCTION,
  challengeExpiresAt,
  encodeBookingProof,
  type BookingChallenge,
} from 'supabase-schema';
import { bookingConfig } from '../config';

/** A proof this close to its challenge's expiry is not sent: it could expire on the way. */
const EXPIRY_MARGIN_MS = 60_000;
/** How long before that a new proof is started: a phone's solve takes seconds. */
const REFRESH_LEAD_MS = 60_000;

interface PreparedProof {
  /** When the challenge expires (ms); Infinity if it does not say. */
  expiresAt: number;
  proof: Promise<string>;
}

let prepared: PreparedProof | null = null;
/** The timer that solves a new proof before the prepared one expires. */
let refresh: ReturnType<typeof setTimeout> | null = null;

/** The RPC by plain fetch: supabase-js is loaded with the first send, not with the first focus. */
async function fetchChallenge(): Promise<BookingChallenge> {
  const { supabaseUrl, supabaseAnonKey } = bookingConfig;
  const response = await fetch(`${supabaseUrl}/rest/v1/rpc/${BOOKING_CHALLENGE_FUNCTION}`, {
    method: 'POST',
    headers: {
      apikey: supabaseAnonKey,
      Authorization: `Bearer ${supabaseAnonKey}`,
      'Content-Type': 'application/json',
    },
    body: '{}',
  });
  if (!response.ok) throw new Error(`${BOOKING_CHALLENGE_FUNCTION} answered HTTP ${response.status}`);
  return (await response.json()) as BookingChallenge;
}

/**
 * altcha-lib's solver, fetched only by a visitor who starts a booking. It awaits WebCrypto for
 * each number it tries, so the work is thousands of short tasks and never blocks the page.
 */
async function solve(challenge: BookingChallenge): Promise<string> {
  const { solveChallenge } = await import('altcha-lib/v1');
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  if (!solution) throw new Error(`No solution up to ${challenge.maxnumber}`);
  return encodeBookingProof(challenge, solution.number);
}

function prepare(): PreparedProof {
  const challenge = fetchChallenge();
  const next: PreparedProof = { expiresAt: Infinity, proof: challenge.then(solve) };
  void challenge.then(
    (issued) => {
      next.expiresAt = challengeExpiresAt(issued) ?? Infinity;
      keepFresh(next);
    },
    () => undefined,
  );
  // A failure (offline for a moment) is not kept: the next focus or send asks again.
  next.proof.catch(() => {
    if (prepared === next) prepared = null;
  });
  return next;
}

/**
 * Solves a new proof a little before `proof` stops being usable, if it is still the one held and
 * the page is shown (a hidden tab solves again on its next focus or send instead).
 */
function keepFresh(proof: PreparedProof): void {
  if (!Number.isFinite(proof.expiresAt)) return;
  if (refresh) clearTimeout(refresh);
  refresh = setTimeout(
    () => {
      refresh = null;
      if (prepared !== proof || document.visibilityState !== 'visible') return;
      prepared = null;
      prepareBookingProof();
    },
    Math.max(proof.expiresAt - EXPIRY_MARGIN_MS - REFRESH_LEAD_MS - Date.now(), 0),
  );
}

function usable(proof: PreparedProof | null): proof is PreparedProof {
  return proof !== null && proof.expiresAt - EXPIRY_MARGIN_MS > Date.now();
}

/** Starts getting and solving a challenge (the form calls it on focus); idempotent, never throws. */
export function prepareBookingProof(): void {
  if (usable(prepared)) return;
  try {
    prepared = prepare();
  } catch {
    prepared = null;
  }
}

/**
 * The proof for one send: the prepared one if still good, else a fresh one. Each is used once; the
 * next is started at once, so "send a new code" waits for nothing but its request.
 */
export function takeBookingProof(): Promise<string> {
  const proof = usable(prepared) ? prepared : prepare();
  prepared = null;
  prepareBookingProof();
  return proof.proof;
}

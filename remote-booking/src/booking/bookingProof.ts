/**
 * The proof of work each booking carries (supabase/src/bookingProof.ts): a challenge from
 * public.booking_challenge(), solved in the visitor's browser while they fill in the form, sent
 * once in the insert's X-Booking-Proof header. The database refuses a booking without one, so a
 * script pays the work for every row while a visitor pays it once, usually before pressing send.
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

interface PreparedProof {
  /** When the challenge expires (ms); Infinity if it does not say. */
  expiresAt: number;
  proof: Promise<string>;
}

let prepared: PreparedProof | null = null;

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
    },
    () => undefined,
  );
  // A failure (offline for a moment) is not kept: the next focus or send asks again.
  next.proof.catch(() => {
    if (prepared === next) prepared = null;
  });
  return next;
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

/** The proof for one send: the prepared one if still good, else a fresh one. Each is used once. */
export function takeBookingProof(): Promise<string> {
  const proof = usable(prepared) ? prepared : prepare();
  prepared = null;
  return proof.proof;
}

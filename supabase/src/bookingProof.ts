/**
 * The proof of work of 20261230091000_booking_proof_of_work.sql as the form and the tests use it:
 * the RPC that issues a challenge, the header that carries the solution, the SQLSTATE of a
 * refusal and why. The format is ALTCHA's v1 (SHA-256), so a kept solver finds the number.
 */

/** PostgREST RPC: POST /rest/v1/rpc/booking_challenge, no arguments. */
export const BOOKING_CHALLENGE_FUNCTION = 'booking_challenge';

/** The request header of the one booking insert that carries the solved challenge. */
export const BOOKING_PROOF_HEADER = 'x-booking-proof';

/** The SQLSTATE of a booking refused for its proof; PostgREST answers it with HTTP 400. */
export const BOOKING_PROOF_REFUSED = 'BK005';

/** What public.booking_challenge() answers. */
export interface BookingChallenge {
  algorithm: 'SHA-256';
  /** hex(sha256(salt + number)). */
  challenge: string;
  /** The secret number is in 0..maxnumber. */
  maxnumber: number;
  /** Random hex, then `?expires=<unix seconds>&`, and `maxnumber=<difficulty>&` when the network's difficulty was raised. */
  salt: string;
  /** hex(hmac_sha256(challenge, the database's key)). */
  signature: string;
}

/** The solved challenge, as JSON, base64-encoded into the header (ALTCHA's payload). */
export interface BookingProof extends Omit<BookingChallenge, 'maxnumber'> {
  number: number;
}

/** Why the database refused a proof: the error's details are `proof_<reason>`. */
export type BookingProofRefusal = 'missing' | 'unreadable' | 'forged' | 'expired' | 'unsolved' | 'replayed';

/** The operator's default difficulty in private.booking_settings.proof_max_number. */
export const DEFAULT_PROOF_MAX_NUMBER = 10_000;

/** The header's value for a solved challenge. */
export function encodeBookingProof(challenge: BookingChallenge, number: number): string {
  const proof: BookingProof = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number,
    salt: challenge.salt,
    signature: challenge.signature,
  };
  return btoa(JSON.stringify(proof));
}

/** When a challenge stops being accepted (the salt's `expires`), in milliseconds; null if none. */
export function challengeExpiresAt(challenge: BookingChallenge): number | null {
  const match = /[?&]expires=(\d+)/.exec(challenge.salt);
  return match ? Number(match[1]) * 1000 : null;
}

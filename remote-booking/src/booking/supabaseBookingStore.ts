/**
 * The booking store over supabase-js: the address step's three RPCs and the one insert, with the
 * headers the database reads (supabase/src/bookingAddress.ts, bookingProof.ts, bookingMail.ts).
 * Loaded with supabase-js on the first send, never with the page.
 */
import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import {
  BOOKING_ADDRESS_PASS_HEADER,
  BOOKING_LANGUAGE_HEADER,
  BOOKING_PROOF_HEADER,
  BOOKING_TIME_ZONE_HEADER,
  REDEEM_ADDRESS_LINK_FUNCTION,
  REQUEST_ADDRESS_CODE_FUNCTION,
  VERIFY_ADDRESS_CODE_FUNCTION,
  type AddressLinkRedeemed,
  type AddressVerified,
} from 'supabase-schema';
import { takeBookingProof } from './bookingProof';
import { BookingNotStoredError } from './bookingRefusal';
import type { BookingStore, CodeRequestAnswer } from './bookingStore';
import { visitorTimeZone } from './visitorTimeZone';

/**
 * Postgres's unique_violation on the primary key: this booking (its id) is already stored. Any
 * other unique index refusing the row is an error; a slot held by another booking is PT409, never
 * this, so "stored" is never said to a visitor who lost the slot.
 */
function alreadyStored(error: PostgrestError): boolean {
  return error.code === '23505' && `${error.message} ${error.details}`.includes('"bookings_pkey"');
}

function refusal(status: number, error: PostgrestError): BookingNotStoredError {
  return new BookingNotStoredError(status, error.code, error.message, error.details ?? '');
}

/** The answer as the form reads it; an `attempt` that is not a string is an older database's none. */
function requestedCode(answer: unknown): CodeRequestAnswer | null {
  const { step, pass, attempt, resend_after_seconds, code_valid_seconds } = (answer ?? {}) as Record<
    string,
    unknown
  >;
  if (step === 'pass') return typeof pass === 'string' ? { step, pass } : null;
  if (step !== 'code') return null;
  return {
    step,
    resend_after_seconds: Number(resend_after_seconds) || 0,
    code_valid_seconds: Number(code_valid_seconds) || 0,
    ...(typeof attempt === 'string' ? { attempt } : {}),
  };
}

function isRedeemed(answer: unknown): answer is AddressLinkRedeemed {
  const { pass, email } = (answer ?? {}) as Record<string, unknown>;
  return typeof pass === 'string' && typeof email === 'string';
}

export function supabaseBookingStore(
  client: SupabaseClient,
  proveRequest: () => Promise<string> = takeBookingProof,
  readTimeZone: () => string | null = visitorTimeZone,
): BookingStore {
  return {
    async requestCode(email, { language, attempt }) {
      // The proof of work is paid here, once per code asked for: a script pays it for every mail.
      const proof = await proveRequest();
      const { data, error, status } = await client
        .rpc(REQUEST_ADDRESS_CODE_FUNCTION, { email, language, ...(attempt ? { attempt } : {}) })
        .setHeader(BOOKING_PROOF_HEADER, proof);
      if (error) throw refusal(status, error);
      const answer = requestedCode(data);
      if (!answer) throw new Error(`${REQUEST_ADDRESS_CODE_FUNCTION} answered no step`);
      return answer;
    },

    async verifyCode(email, code, attempt) {
      // An older database answered no attempt: its call has two arguments.
      const args = attempt === undefined ? { email, code } : { email, code, attempt };
      const { data, error, status } = await client.rpc(VERIFY_ADDRESS_CODE_FUNCTION, args);
      if (error) throw refusal(status, error);
      const pass = (data as AddressVerified | null)?.pass;
      if (typeof pass !== 'string') throw new Error(`${VERIFY_ADDRESS_CODE_FUNCTION} answered no pass`);
      return pass;
    },

    async redeemLink(email, link) {
      const { data, error, status } = await client.rpc(REDEEM_ADDRESS_LINK_FUNCTION, { email, link });
      if (error) throw refusal(status, error);
      if (!isRedeemed(data)) throw new Error(`${REDEEM_ADDRESS_LINK_FUNCTION} answered no pass`);
      return data;
    },

    async insert(booking, { language, pass }) {
      // Never ask for the row back: visitors (anon) may insert, not read.
      let request = client
        .from('bookings')
        .insert(booking)
        .setHeader(BOOKING_ADDRESS_PASS_HEADER, pass)
        .setHeader(BOOKING_LANGUAGE_HEADER, language);
      // Without one, the database writes the call's time in Panama's zone only.
      const timeZone = readTimeZone();
      if (timeZone) request = request.setHeader(BOOKING_TIME_ZONE_HEADER, timeZone);
      const { error, status } = await request;
      // The id is made once per filled form, so this is a retry of a booking whose answer was lost.
      if (!error || alreadyStored(error)) return;
      throw refusal(status, error);
    },
  };
}

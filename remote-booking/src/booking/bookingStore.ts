/**
 * What the form sends a booking to: the store's contract, which the Supabase store
 * (supabaseBookingStore.ts), the page's deferred store (configuredBookingStore.ts) and the tests'
 * fakes implement.
 */
import type { Language } from 'shared-i18n';
import type { AddressCodeRequested, AddressLinkRedeemed, BookingInsert } from 'supabase-schema';

/**
 * Who sends a booking, beside the row of docs/product.md §6: the database writes the visitor's
 * e-mails with it.
 */
export interface BookingSender {
  /** The page's language, which the code, the confirmation and the reminder are written in. */
  language: Language;
}

/**
 * Who asks for a code: with the attempt this browser already holds for the address, if any, so
 * the new code joins it and either code then works (never sent to a database of before attempts,
 * which answers none).
 */
export interface CodeRequester extends BookingSender {
  attempt?: string;
}

/** A sender whose address answered: the one-time pass the insert carries. */
export interface ProvenSender extends BookingSender {
  pass: string;
}

type CodeSent = Extract<AddressCodeRequested, { step: 'code' }>;

/**
 * request_booking_code's answer. A database of before the attempt ids answers no `attempt`: the
 * remote ships first, so it still books against one (bookingAddress.ts).
 */
export type CodeRequestAnswer =
  Extract<AddressCodeRequested, { step: 'pass' }> | (Omit<CodeSent, 'attempt'> & { attempt?: string });

/**
 * Where a booking goes: the Supabase project in production, anything with the same answers in
 * tests. A slot is held only by an address that answered: the form asks for a code (or, with the
 * step turned off, gets a pass at once), trades the code (or a code mail's link) for a pass, and
 * inserts with the pass. Each method rejects with a BookingNotStoredError (bookingRefusal.ts) for a
 * refusal of the database.
 */
export interface BookingStore {
  /** request_booking_code: mails a code to the address, or answers a pass at once. */
  requestCode(email: string, requester: CodeRequester): Promise<CodeRequestAnswer>;
  /** verify_booking_code: the pass for the code the visitor typed; without an attempt, the old call. */
  verifyCode(email: string, code: string, attempt?: string): Promise<string>;
  /** redeem_booking_link: the pass for the link of a code mail, sent to this address. */
  redeemLink(email: string, link: string): Promise<AddressLinkRedeemed>;
  /** Resolves once the booking is stored (a retry of a stored one too). */
  insert(booking: BookingInsert, sender: ProvenSender): Promise<void>;
}

/**
 * What the booking form's submission is at any moment (docs/product.md §6, with the address step of
 * §7), as submissionReducer.ts changes it and the form shows it: one value, so each send reads one
 * truth.
 */
import type { AddressCodeRefusal } from 'supabase-schema';
import type { BookingField } from './bookingForm';

/**
 * `limited`: the database's abuse limits refused it; `codeLimited`: the address has had all the
 * codes it may have today (its latest mail's link still works). Both tell the visitor to wait or
 * write. `linkRefused`: the code mail's link no longer works, and the next send asks for a code.
 * `slotTaken`: someone else booked the slot between choosing and sending; `slotUnavailable`: the
 * slot can no longer be booked (too soon now, a day just closed). Every one keeps every field.
 */
export type SubmissionStatus =
  | 'idle'
  | 'submitting'
  | 'success'
  | 'error'
  | 'limited'
  | 'codeLimited'
  | 'linkRefused'
  | 'slotTaken'
  | 'slotUnavailable';

/** Why the code step asks again: the code refused, or a new one asked for too soon. */
export type CodeProblem = AddressCodeRefusal | 'resendWait';

/** The address step while it waits for the code from the e-mail. */
export interface CodeStep {
  /** The address the code went to, as sent. */
  email: string;
  /** The attempt's id, which verify_booking_code needs; null from a database of before attempts. */
  attempt: string | null;
  /** What the visitor typed, spaces taken out. */
  code: string;
  /** `resent`: a new code on request; `renewed`: a pass expired before the booking was stored. */
  note: 'sent' | 'resent' | 'renewed';
  /** When a new code may be asked for (ms since the epoch). */
  resendAt: number;
  /** When the code stops working (ms since the epoch): a step kept across a reload ends then. */
  validUntil: number;
  problem: CodeProblem | null;
  /** For `resendWait`: the seconds the database named. */
  waitSeconds: number;
}

/** A pass the address earned, kept until a booking is stored or it expires. */
export interface HeldPass {
  email: string;
  pass: string;
  expiresAt: number;
}

export interface SubmissionState {
  status: SubmissionStatus;
  step: CodeStep | null;
  heldPass: HeldPass | null;
  /** The row's id, made once per filled form and kept across retries until it is stored. */
  bookingId: string | null;
  /** A code mail's link the page was opened with, until it is redeemed or refused. */
  link: string | null;
}

export function initialSubmission(link: string | null): SubmissionState {
  return { status: 'idle', step: null, heldPass: null, bookingId: null, link };
}

/** What the form does after a send: clear the fields, point at the time, or at the refused field. */
export type SubmitOutcome =
  | { kind: 'stored' }
  | { kind: 'notStored' }
  | { kind: 'slotLost' }
  | { kind: 'fieldRefused'; field: BookingField; problem: 'email' | 'control' };

export const STORED: SubmitOutcome = { kind: 'stored' };
export const NOT_STORED: SubmitOutcome = { kind: 'notStored' };

/**
 * What a failed send means for the submission and the form: the action to dispatch and the
 * outcome the form acts on. Every field is kept whatever it was.
 */
import { DEFAULT_ADDRESS_SETTINGS } from 'supabase-schema';
import { fieldOfColumn } from './bookingForm';
import { BookingNotStoredError } from './bookingRefusal';
import type { SubmissionAction } from './submissionReducer';
import { NOT_STORED, type SubmitOutcome } from './submissionState';

/** A code asked for moments ago lives the operator's default time; the database has the last word. */
const CODE_VALID_MS = DEFAULT_ADDRESS_SETTINGS.codeValidMinutes * 60_000;

export interface ReadRefusal {
  action: SubmissionAction;
  outcome: SubmitOutcome;
}

const told = (action: SubmissionAction): ReadRefusal => ({ action, outcome: NOT_STORED });

export function readRefusal(error: unknown, email: string, now: number): ReadRefusal {
  if (!(error instanceof BookingNotStoredError)) return told({ type: 'refused', status: 'error' });
  const seconds = error.resendAfterSeconds;
  if (seconds !== null) {
    const resendAt = now + seconds * 1000;
    // Its attempt is not known here: a code typed now is checked as an older database's.
    const kept = { email, attempt: null, resendAt, validUntil: now + CODE_VALID_MS };
    return told({ type: 'resendTooSoon', seconds, ...kept });
  }
  if (error.mailboxLimited) return told({ type: 'refused', status: 'codeLimited' });
  // The other named limits, and any 429, are the plain "too many for now".
  if (error.limitReached) return told({ type: 'refused', status: 'limited' });
  if (error.linkRefused) return told({ type: 'linkRefused' });
  const codeRefusal = error.codeRefusal;
  if (codeRefusal) return told({ type: 'codeRefused', refusal: codeRefusal });
  const column = error.refusedCharactersColumn;
  if (column) {
    const outcome = { kind: 'fieldRefused', field: fieldOfColumn(column), problem: 'control' } as const;
    return { action: { type: 'fieldRefused' }, outcome };
  }
  if (error.addressRefused) {
    const outcome = { kind: 'fieldRefused', field: 'email', problem: 'email' } as const;
    return { action: { type: 'fieldRefused' }, outcome };
  }
  const slot = error.slotRefusal;
  if (slot) {
    const status = slot === 'taken' ? 'slotTaken' : 'slotUnavailable';
    return { action: { type: 'slotLost', status }, outcome: { kind: 'slotLost' } };
  }
  // BK010 (a cross-site request) and anything unforeseen: the form never sends one.
  return told({ type: 'refused', status: 'error' });
}

/**
 * The address step's sends, fetched with the first send rather than with the page: redeem a code
 * mail's link or ask for a code, trade the typed code for a pass, insert with the pass, and say
 * each thing that happened to the submission's reducer. useBookingSubmission owns the state.
 */
import type { Language } from 'shared-i18n';
import { DEFAULT_ADDRESS_SETTINGS } from 'supabase-schema';
import { insertBooking } from './api/insertBooking';
import { redeemAddressLink } from './api/redeemAddressLink';
import { requestAddressCode } from './api/requestAddressCode';
import { verifyAddressCode } from './api/verifyAddressCode';
import { BookingNotStoredError } from './bookingRefusal';
import type { BookingStore } from './bookingStore';
import { sentText, type CompleteBookingForm } from './bookingForm';
import { readRefusal } from './readRefusal';
import type { SubmissionAction } from './submissionReducer';
import {
  NOT_STORED,
  STORED,
  type CodeStep,
  type SubmissionState,
  type SubmitOutcome,
} from './submissionState';

/** A pass is kept for the operator's default life less a minute; the database has the last word. */
const PASS_KEPT_MS = (DEFAULT_ADDRESS_SETTINGS.passValidMinutes - 1) * 60_000;

/** What one send works with: the store, the page's language, and the submission it changes. */
export interface SendRun {
  store: BookingStore;
  language: Language;
  /** The submission as it is now: each dispatch is seen here at once. */
  current: () => SubmissionState;
  dispatch: (action: SubmissionAction) => void;
}

function hold(run: SendRun, email: string, pass: string): string {
  run.dispatch({ type: 'passHeld', pass: { email, pass, expiresAt: Date.now() + PASS_KEPT_MS } });
  return pass;
}

/** Asks for a code: the pass at once if the step is off, else null and the step shows. */
async function requestPass(run: SendRun, email: string, note: CodeStep['note']): Promise<string | null> {
  // "Send a new code" for the same address: the new code joins the attempt, so the older one still works.
  const { step } = run.current();
  const heldAttempt = step?.email === email ? step.attempt : null;
  const answer = await requestAddressCode(run.store, email, run.language, heldAttempt);
  if (answer.pass !== null) return hold(run, email, answer.pass);
  const { attempt, resendAt, validUntil } = answer;
  run.dispatch({ type: 'codeRequested', note, email, attempt, resendAt, validUntil });
  return null;
}

/** The address's pass: one held, the mail link's, the typed code's, or (null) a code sent to be typed. */
async function passFor(run: SendRun, email: string): Promise<string | null> {
  const { heldPass, link, step } = run.current();
  if (heldPass?.email === email && heldPass.expiresAt > Date.now()) return heldPass.pass;
  if (link) return hold(run, email, await redeemAddressLink(run.store, email, link));
  if (step?.email === email) return hold(run, email, await verifyAddressCode(run.store, step));
  return requestPass(run, email, 'sent');
}

/** The insert; a pass the database no longer takes (BK006) is replaced by a new code's. */
async function insert(run: SendRun, values: CompleteBookingForm, email: string, pass: string) {
  const { store, language } = run;
  const id = run.current().bookingId ?? crypto.randomUUID();
  try {
    await insertBooking(store, values, id, { language, pass });
  } catch (error) {
    if (!(error instanceof BookingNotStoredError && error.addressUnproven)) throw error;
    run.dispatch({ type: 'passRefused' });
    const renewed = await requestPass(run, email, 'renewed');
    if (renewed === null) return false;
    await insertBooking(store, values, id, { language, pass: renewed });
  }
  run.dispatch({ type: 'stored' });
  return true;
}

async function settled(run: SendRun, email: string, work: () => Promise<SubmitOutcome>) {
  try {
    return await work();
  } catch (error) {
    console.error('[booking] the booking request was not stored', error);
    const { action, outcome } = readRefusal(error, email, Date.now());
    run.dispatch(action);
    return outcome;
  } finally {
    run.dispatch({ type: 'sendEnded' });
  }
}

/** The form's send: redeems the link, asks for a code, confirms the typed one, or stores with a held pass. */
export function sendBooking(run: SendRun, values: CompleteBookingForm): Promise<SubmitOutcome> {
  const email = sentText('email', values.email);
  return settled(run, email, async () => {
    const pass = await passFor(run, email);
    if (pass === null || !(await insert(run, values, email, pass))) return NOT_STORED;
    return STORED;
  });
}

/** "Send a new code": the step stays, with a fresh wait. */
export function resendCode(run: SendRun, email: string): Promise<SubmitOutcome> {
  // The agency turned the step off meanwhile: the pass is held, and the next send stores.
  return settled(run, email, async () => (await requestPass(run, email, 'resent'), NOT_STORED));
}

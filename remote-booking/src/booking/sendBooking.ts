/**
 * The address step's sends, fetched with the first send rather than with the page: ask for a
 * code, trade the typed code for a pass, insert with the pass, and read each refusal of the
 * database for what the form says. useBookingSubmission holds the state these change.
 */
import type { Dispatch, SetStateAction } from 'react';
import type { Language } from 'shared-i18n';
import { DEFAULT_ADDRESS_SETTINGS } from 'supabase-schema';
import { BookingNotStoredError } from './bookingRefusal';
import type { BookingStore } from './bookingStore';
import { fieldOfColumn, toBookingInsert, type CompleteBookingForm } from './bookingForm';
import type { CodeStep, SubmissionStatus, SubmitOutcome } from './useBookingSubmission';

const STORED: SubmitOutcome = { kind: 'stored' };
const NOT_STORED: SubmitOutcome = { kind: 'notStored' };

/** A pass is kept for the operator's default life less a minute; the database has the last word. */
const PASS_KEPT_MS = (DEFAULT_ADDRESS_SETTINGS.passValidMinutes - 1) * 60_000;

export interface HeldPass {
  email: string;
  pass: string;
  expiresAt: number;
}

/** What a send reads and changes of the form's submission (useBookingSubmission's state). */
export interface SendContext {
  store: BookingStore;
  language: Language;
  /** The code step as the visitor sees it now. */
  step: CodeStep | null;
  heldPass: { current: HeldPass | null };
  bookingId: { current: string | null };
  setStep: Dispatch<SetStateAction<CodeStep | null>>;
  setStatus: (status: SubmissionStatus) => void;
}

function hold({ heldPass }: SendContext, email: string, pass: string): string {
  heldPass.current = { email, pass, expiresAt: Date.now() + PASS_KEPT_MS };
  return pass;
}

/** Asks for a code: the pass at once if the step is off, else null and the step shows. */
async function requestPass(
  context: SendContext,
  email: string,
  note: CodeStep['note'],
): Promise<string | null> {
  const answer = await context.store.requestCode(email, { language: context.language });
  if (answer.step === 'pass') return hold(context, email, answer.pass);
  const resendAt = Date.now() + answer.resend_after_seconds * 1000;
  context.setStep({ email, code: '', note, resendAt, problem: null, waitSeconds: 0 });
  return null;
}

/** The address's pass: one held, the typed code's, or (null) a code sent to be typed. */
async function passFor(context: SendContext, email: string): Promise<string | null> {
  const { heldPass, step, store } = context;
  const held = heldPass.current;
  if (held?.email === email && held.expiresAt > Date.now()) return held.pass;
  if (step?.email === email) {
    const pass = hold(context, email, await store.verifyCode(email, step.code));
    // The address is proven: the step gives way to the send button, which says "Submitting...".
    context.setStep(null);
    return pass;
  }
  return requestPass(context, email, 'sent');
}

/** The insert; a pass the database no longer takes (BK006) is replaced by a new code's. */
async function insert(
  context: SendContext,
  values: CompleteBookingForm,
  email: string,
  pass: string,
): Promise<boolean> {
  const { store, language, bookingId, heldPass } = context;
  const id = (bookingId.current ??= crypto.randomUUID());
  try {
    await store.insert(toBookingInsert(values, id), { language, pass });
  } catch (error) {
    if (!(error instanceof BookingNotStoredError && error.addressUnproven)) throw error;
    heldPass.current = null;
    const renewed = await requestPass(context, email, 'renewed');
    if (renewed === null) return false;
    await store.insert(toBookingInsert(values, id), { language, pass: renewed });
  }
  bookingId.current = null;
  heldPass.current = null;
  return true;
}

/** What the form says of a failure; every field is kept whatever it was. */
function failed({ setStep, setStatus }: SendContext, error: unknown, email: string): SubmitOutcome {
  console.error('[booking] the booking request was not stored', error);
  const refusal = error instanceof BookingNotStoredError ? error : null;
  const told = (next: SubmissionStatus) => {
    setStatus(next);
    return NOT_STORED;
  };
  const waitSeconds = refusal?.resendAfterSeconds ?? null;
  if (waitSeconds !== null) {
    const resendAt = Date.now() + waitSeconds * 1000;
    setStep((current) => ({
      ...(current?.email === email ? current : { email, code: '', note: 'sent' }),
      resendAt,
      problem: 'resendWait',
      waitSeconds,
    }));
    return told('idle');
  }
  if (refusal?.mailboxLimited) return told('codeLimited');
  if (refusal?.limitReached) return told('limited');
  const codeRefusal = refusal?.codeRefusal ?? null;
  if (codeRefusal) {
    setStep((current) => current && { ...current, problem: codeRefusal });
    return told('idle');
  }
  const column = refusal?.refusedCharactersColumn ?? null;
  if (refusal?.addressRefused || column) {
    setStep(null);
    setStatus('idle');
    return column
      ? { kind: 'fieldRefused', field: fieldOfColumn(column), problem: 'control' }
      : { kind: 'fieldRefused', field: 'email', problem: 'email' };
  }
  const slotRefusal = refusal?.slotRefusal ?? null;
  if (slotRefusal) {
    setStep(null);
    setStatus(slotRefusal === 'taken' ? 'slotTaken' : 'slotUnavailable');
    return { kind: 'slotLost' };
  }
  return told('error');
}

async function settled(context: SendContext, email: string, work: () => Promise<SubmitOutcome>) {
  try {
    const outcome = await work();
    context.setStatus(outcome.kind === 'stored' ? 'success' : 'idle');
    return outcome;
  } catch (error) {
    return failed(context, error, email);
  }
}

/** The form's send: asks for a code, confirms the typed one, or stores with a held pass. */
export function sendBooking(context: SendContext, values: CompleteBookingForm): Promise<SubmitOutcome> {
  const email = values.email.trim();
  return settled(context, email, async () => {
    const pass = await passFor(context, email);
    if (pass === null || !(await insert(context, values, email, pass))) return NOT_STORED;
    context.setStep(null);
    return STORED;
  });
}

/** "Send a new code": the step stays, with a fresh wait. */
export function resendCode(context: SendContext, email: string): Promise<SubmitOutcome> {
  return settled(context, email, async () => {
    // The agency turned the step off meanwhile: the pass is held, and the next send stores.
    if ((await requestPass(context, email, 'resent')) !== null) context.setStep(null);
    return NOT_STORED;
  });
}

import { useRef, useState } from 'react';
import { useLanguage } from 'shared-i18n';
import type { AddressCodeRefusal } from 'supabase-schema';
import type { BookingStore } from './bookingStore';
import type { BookingField, CompleteBookingForm } from './bookingForm';
import type * as SendsModule from './sendBooking';
import type { HeldPass, SendContext } from './sendBooking';

type Sends = typeof SendsModule;

/**
 * `limited`: the database's abuse limits refused it; `codeLimited`: the address has had all the
 * codes it may have today. Both tell the visitor to wait or write. `slotTaken`: someone else
 * booked the slot between choosing and sending; `slotUnavailable`: the slot can no longer be
 * booked (too soon now, a day just closed). Every one keeps every field.
 */
export type SubmissionStatus =
  'idle' | 'submitting' | 'success' | 'error' | 'limited' | 'codeLimited' | 'slotTaken' | 'slotUnavailable';

/** Why the code step asks again: the code refused, or a new one asked for too soon. */
export type CodeProblem = AddressCodeRefusal | 'resendWait';

/** The address step while it waits for the code from the e-mail. */
export interface CodeStep {
  /** The address the code went to, as sent. */
  email: string;
  /** What the visitor typed, spaces taken out. */
  code: string;
  /** `resent`: a new code on request; `renewed`: a pass expired before the booking was stored. */
  note: 'sent' | 'resent' | 'renewed';
  /** When a new code may be asked for (ms since the epoch). */
  resendAt: number;
  problem: CodeProblem | null;
  /** For `resendWait`: the seconds the database named. */
  waitSeconds: number;
}

/** What the form does after a send: clear the fields, point at the time, or at the refused field. */
export type SubmitOutcome =
  | { kind: 'stored' }
  | { kind: 'notStored' }
  | { kind: 'slotLost' }
  | { kind: 'fieldRefused'; field: BookingField; problem: 'email' | 'control' };

const NOT_STORED: SubmitOutcome = { kind: 'notStored' };

/** The sends themselves, fetched with the first one (with supabase-js): the page needs none of it. */
const loadSends = () => import(/* webpackChunkName: "booking-send" */ './sendBooking');

interface SubmitOptions {
  /** What the form's honeypot field holds: people leave it empty, form-filling bots do not. */
  honeypot?: string;
}

/**
 * SPEC §4 with the address step: idle → submitting → the code step (unless the agency turned it
 * off) → submitting → success or a refusal. A slot is held only by an address that answered: the
 * first send asks for a code, the second trades it for a pass, and the insert carries the pass.
 * The pass is kept until a booking is stored or it expires, so a visitor who lost the slot picks
 * another time and sends again without a new code. The row id is made once per filled form and kept
 * across retries, so a retry after a lost answer cannot store a second booking; a second click while
 * one send is under way sends nothing. A bot that filled the honeypot is told "success" and nothing
 * is sent, so it has no reason to try again.
 */
export function useBookingSubmission(store: BookingStore) {
  // The visitor's e-mails (the code too) are written in the language of the page they booked on.
  const language = useLanguage();
  const [status, setStatus] = useState<SubmissionStatus>('idle');
  const [step, setStep] = useState<CodeStep | null>(null);
  const sending = useRef(false);
  const bookingId = useRef<string | null>(null);
  const heldPass = useRef<HeldPass | null>(null);

  const context: SendContext = { store, language, step, heldPass, bookingId, setStep, setStatus };

  /** One request at a time: `submitting` meanwhile, then what the send says. */
  async function sendOnce(send: (sends: Sends) => Promise<SubmitOutcome>): Promise<SubmitOutcome> {
    if (sending.current) return NOT_STORED;
    sending.current = true;
    setStatus('submitting');
    try {
      return await send(await loadSends());
    } catch (error) {
      // The sends' code did not load (the remote's host down for a moment): the next send asks again.
      console.error('[booking] the booking request was not sent', error);
      setStatus('error');
      return NOT_STORED;
    } finally {
      sending.current = false;
    }
  }

  /** The form's send: asks for a code, confirms the typed one, or stores with a held pass. */
  function submit(
    values: CompleteBookingForm,
    { honeypot = '' }: SubmitOptions = {},
  ): Promise<SubmitOutcome> {
    if (sending.current) return Promise.resolve(NOT_STORED);
    if (honeypot !== '') {
      setStatus('success');
      return Promise.resolve({ kind: 'stored' });
    }
    return sendOnce((sends) => sends.sendBooking(context, values));
  }

  /** "Send a new code": the step stays, with a fresh wait. */
  async function resend(): Promise<void> {
    const email = step?.email;
    if (email) await sendOnce((sends) => sends.resendCode(context, email));
  }

  /** What the visitor typed in the code field; a refusal's message goes once they change it. */
  function setCode(code: string): void {
    setStep((current) => current && { ...current, code, problem: null });
  }

  /** Back to the form to change the e-mail: the step closes, every field stays. */
  function closeStep(): void {
    setStep(null);
    setStatus('idle');
  }

  return { status, step, submit, resend, setCode, closeStep };
}

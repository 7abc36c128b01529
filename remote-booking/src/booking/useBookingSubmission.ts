/**
 * The booking form's submission: one reducer (submissionReducer.ts) owned here, the sends loaded
 * with the first one (sendBooking.ts), and what outlives a reload (the code step) or the page's
 * address (a spent mail link).
 */
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useLanguage } from 'shared-i18n';
import type { CompleteBookingForm } from './bookingForm';
import type { BookingStore } from './bookingStore';
import { forgetAddressLink } from './addressLink';
import { keepStep, readKeptStep } from './keptStep';
import type * as SendsModule from './sendBooking';
import { submissionReducer, type SubmissionAction } from './submissionReducer';
import { initialSubmission, NOT_STORED, type CodeStep, type SubmitOutcome } from './submissionState';

type Sends = typeof SendsModule;

/** The sends themselves, fetched with the first one (with supabase-js): the page needs none of it. */
const loadSends = () => import(/* webpackChunkName: "booking-send" */ './sendBooking');

interface SubmissionOptions {
  /** A code mail's link the page was opened with (addressLink.ts): redeemed by the first send. */
  link?: string | null;
}

interface SubmitOptions {
  /** What the form's honeypot field holds: people leave it empty, form-filling bots do not. */
  honeypot?: string;
}

/**
 * Takes the page's link into the submission when it is first read (just after hydration), and out
 * of the page's address once the submission has spent or refused it.
 */
function useMailedLink(
  link: string | null,
  held: string | null,
  dispatch: (action: SubmissionAction) => void,
): void {
  const taken = useRef(false);
  useEffect(() => {
    if (link === null) return;
    if (!taken.current) {
      taken.current = true;
      dispatch({ type: 'linkFound', link });
    } else if (held === null) {
      forgetAddressLink();
    }
  }, [link, held, dispatch]);
}

/**
 * docs/product.md §6, with the address step of §7: idle → submitting → the code step (unless the
 * agency turned it off, or the page came from a code mail's link) → submitting → success or a
 * refusal. A slot is held only by an address that answered: the first send asks for a code (or
 * redeems the mail's link), the second trades the code for a pass, and the insert carries the pass.
 * The pass is kept until a booking is stored or it expires, so a visitor who lost the slot picks
 * another time and sends again without a new code. The row id is made once per filled form and kept
 * across retries, so a retry after a lost answer cannot store a second booking; a second click
 * while one send is under way sends nothing. A bot that filled the honeypot is told "success" and
 * nothing is sent, so it has no reason to try again.
 */
export function useBookingSubmission(store: BookingStore, { link = null }: SubmissionOptions = {}) {
  // The visitor's e-mails (the code too) are written in the language of the page they booked on.
  const language = useLanguage();
  const [state, dispatchToReact] = useReducer(submissionReducer, link, initialSubmission);
  // The sends read the submission between their awaits: every action is applied here at once too.
  const current = useRef(state);
  const dispatch = useCallback((action: SubmissionAction) => {
    current.current = submissionReducer(current.current, action);
    dispatchToReact(action);
  }, []);
  const { step } = state;

  useKeptStep(step, dispatch);
  useMailedLink(link, state.link, dispatch);

  /** One request at a time: `submitting` meanwhile, then what the send says. */
  async function sendOnce(send: (sends: Sends) => Promise<SubmitOutcome>): Promise<SubmitOutcome> {
    if (current.current.status === 'submitting') return NOT_STORED;
    dispatch({ type: 'sendStarted', bookingId: crypto.randomUUID() });
    try {
      return await send(await loadSends());
    } catch (error) {
      // The sends' code did not load (the remote's host down for a moment): the next send asks again.
      console.error('[booking] the booking request was not sent', error);
      dispatch({ type: 'refused', status: 'error' });
      return NOT_STORED;
    }
  }

  const run = { store, language, current: () => current.current, dispatch };

  /** The form's send: redeems the link, asks for a code, confirms the typed one, or stores with a held pass. */
  function submit(
    values: CompleteBookingForm,
    { honeypot = '' }: SubmitOptions = {},
  ): Promise<SubmitOutcome> {
    if (current.current.status === 'submitting') return Promise.resolve(NOT_STORED);
    if (honeypot !== '') {
      dispatch({ type: 'honeypotFilled' });
      return Promise.resolve({ kind: 'stored' });
    }
    return sendOnce((sends) => sends.sendBooking(run, values));
  }

  /** "Send a new code": the step stays, with a fresh wait. */
  async function resend(): Promise<void> {
    const email = current.current.step?.email;
    if (email) await sendOnce((sends) => sends.resendCode(run, email));
  }

  return {
    status: state.status,
    step,
    /** Whether the page came from a code mail's link not yet spent or refused. */
    hasLink: state.link !== null,
    submit,
    resend,
    /** What the visitor typed in the code field; a refusal's message goes once they change it. */
    setCode: (code: string) => dispatch({ type: 'codeTyped', code }),
    /** Back to the form to change the e-mail: the step closes, every field stays. */
    closeStep: () => dispatch({ type: 'stepClosed' }),
  };
}

/**
 * The code step across a reload: restored once the form hydrated, then kept while it shows and
 * forgotten when it closes. Effects only: the server renders no step.
 */
function useKeptStep(step: CodeStep | null, dispatch: (action: SubmissionAction) => void): void {
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current) return keepStep(step);
    restored.current = true;
    const kept = readKeptStep(Date.now());
    if (kept) dispatch({ type: 'stepRestored', step: kept });
  }, [step, dispatch]);
}

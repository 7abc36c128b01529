/**
 * The booking submission's one state machine: what happened (an action) and what the submission
 * becomes. Pure: the sends (sendBooking.ts) read the clock and the database and say what happened.
 */
import type { AddressCodeRefusal } from 'supabase-schema';
import type { CodeStep, HeldPass, SubmissionState } from './submissionState';

/** The step as it is kept across a reload of the page (keptStep.ts). */
export type KeptStep = Pick<CodeStep, 'email' | 'attempt' | 'resendAt' | 'validUntil'>;

export type SubmissionAction =
  /** A send began; the id is the row's unless one was made for this form already. */
  | { type: 'sendStarted'; bookingId: string }
  /** A bot filled the honeypot: it hears success, and nothing was sent. */
  | { type: 'honeypotFilled' }
  | ({ type: 'codeRequested'; note: CodeStep['note'] } & KeptStep)
  | { type: 'codeTyped'; code: string }
  | { type: 'codeRefused'; refusal: AddressCodeRefusal }
  /** A code went to the address moments ago: another may be asked for at resendAt. */
  | ({ type: 'resendTooSoon'; seconds: number } & KeptStep)
  /** The address answered (a code, a link, or the step is off): the pass is held. */
  | { type: 'passHeld'; pass: HeldPass }
  /** BK006: the database no longer takes the held pass. */
  | { type: 'passRefused' }
  | { type: 'stored' }
  /** A refusal that keeps the step: the abuse limits, or an error. */
  | { type: 'refused'; status: 'error' | 'limited' | 'codeLimited' }
  | { type: 'linkRefused' }
  | { type: 'slotLost'; status: 'slotTaken' | 'slotUnavailable' }
  /** The database refused a field: the form points at it. */
  | { type: 'fieldRefused' }
  /** The send ended with nothing more to say. */
  | { type: 'sendEnded' }
  /** The visitor went back to change the e-mail. */
  | { type: 'stepClosed' }
  /** The page was reloaded while the step waited for a code. */
  | { type: 'stepRestored'; step: KeptStep }
  /** The page's address holds a code mail's link, read once the page has hydrated. */
  | { type: 'linkFound'; link: string };

function newStep(from: KeptStep, note: CodeStep['note']): CodeStep {
  const { email, attempt, resendAt, validUntil } = from;
  return { email, attempt, resendAt, validUntil, note, code: '', problem: null, waitSeconds: 0 };
}

export function submissionReducer(state: SubmissionState, action: SubmissionAction): SubmissionState {
  switch (action.type) {
    case 'sendStarted':
      return { ...state, status: 'submitting', bookingId: state.bookingId ?? action.bookingId };
    case 'honeypotFilled':
      return { ...state, status: 'success' };
    case 'codeRequested':
      return { ...state, status: 'idle', step: newStep(action, action.note) };
    case 'codeTyped':
      return { ...state, step: state.step && { ...state.step, code: action.code, problem: null } };
    case 'codeRefused':
      return { ...state, status: 'idle', step: state.step && { ...state.step, problem: action.refusal } };
    case 'resendTooSoon': {
      const current = state.step?.email === action.email ? state.step : newStep(action, 'sent');
      const { resendAt, seconds } = action;
      const step = { ...current, resendAt, problem: 'resendWait' as const, waitSeconds: seconds };
      return { ...state, status: 'idle', step };
    }
    case 'passHeld':
      // The address is proven: the step gives way to the send button, and a link is spent.
      return { ...state, heldPass: action.pass, step: null, link: null };
    case 'passRefused':
      return { ...state, heldPass: null };
    case 'stored':
      return { status: 'success', step: null, heldPass: null, bookingId: null, link: null };
    case 'refused':
      return { ...state, status: action.status };
    case 'linkRefused':
      return { ...state, status: 'linkRefused', link: null };
    case 'slotLost':
      return { ...state, status: action.status, step: null };
    case 'fieldRefused':
      return { ...state, status: 'idle', step: null };
    case 'sendEnded':
      return state.status === 'submitting' ? { ...state, status: 'idle' } : state;
    case 'stepClosed':
      return { ...state, status: 'idle', step: null };
    case 'stepRestored':
      // A mail's link confirms the address without the code: the page opened from it asks for none.
      return state.step || state.link ? state : { ...state, step: newStep(action.step, 'sent') };
    case 'linkFound':
      // The link answers for the address: a step kept from before asks for a code no longer.
      return state.link === action.link ? state : { ...state, link: action.link, step: null };
  }
}

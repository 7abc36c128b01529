// The cancel link's two database functions (see linkRpc): booking_for_cancellation reads what the
// link can do (a GET, it changes nothing) and cancel_booking cancels the call (a POST).
import { CANCELLATION_FUNCTIONS, type CancellationState, type CancellationView } from 'supabase-schema';
import { isCall, linkAnswer, postToLink, readLink } from '../bookingLink/linkRpc';

const STATES: readonly CancellationState[] = ['open', 'used', 'cancelled', 'past', 'unknown'];

const isCancellationView = (answer: Partial<CancellationView> | null) =>
  STATES.includes(answer?.state as CancellationState) && (answer?.call === null || isCall(answer?.call));

/** What the link can do now: the call it is for, and whether it can still be cancelled. */
export function fetchCancellation(token: string, signal?: AbortSignal): Promise<CancellationView> {
  return readLink(CANCELLATION_FUNCTIONS.read, token, isCancellationView, signal);
}

/** Cancels the call: answers 'cancelled' when it did, else the state that prevented it. */
export async function cancelBooking(token: string): Promise<CancellationView> {
  const response = await postToLink(CANCELLATION_FUNCTIONS.cancel, { token });
  return linkAnswer(response, CANCELLATION_FUNCTIONS.cancel, isCancellationView);
}

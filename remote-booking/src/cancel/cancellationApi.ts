// The cancel link's two database functions over PostgREST's RPC endpoint, with plain fetch and the
// anon key (the page needs no supabase-js): booking_for_cancellation reads what the link can do
// (a GET, it changes nothing) and cancel_booking cancels the call (a POST).
import {
  CANCELLATION_FUNCTIONS,
  CANCEL_TOKEN_PATTERN,
  type CancellationState,
  type CancellationView,
} from 'supabase-schema';
import { bookingConfig } from '../config';

/** What a malformed or missing token is, without asking the database. */
export const UNKNOWN_LINK: CancellationView = { state: 'unknown', call: null };

const STATES: readonly CancellationState[] = ['open', 'used', 'cancelled', 'past', 'unknown'];

/** A token as the e-mails write it: anything else is not worth a request. */
export function isCancelToken(token: string | null): token is string {
  return token !== null && CANCEL_TOKEN_PATTERN.test(token);
}

const rpcUrl = (name: string) => `${bookingConfig.supabaseUrl}/rest/v1/rpc/${name}`;
const anonHeaders = () => ({
  apikey: bookingConfig.supabaseAnonKey,
  Authorization: `Bearer ${bookingConfig.supabaseAnonKey}`,
  accept: 'application/json',
});

/** The function's answer, checked: an answer of another shape is a failure, not a state. */
async function viewOf(response: Response, name: string): Promise<CancellationView> {
  if (!response.ok) throw new Error(`${name} answered ${response.status}`);
  const answer = (await response.json()) as Partial<CancellationView> | null;
  const call = answer?.call;
  const known =
    STATES.includes(answer?.state as CancellationState) &&
    (call === null || (typeof call?.preferred_date === 'string' && typeof call.preferred_time === 'string'));
  if (!known) throw new Error(`${name} answered an unknown shape`);
  return answer as CancellationView;
}

/** What the link can do now: the call it is for, and whether it can still be cancelled. */
export async function fetchCancellation(token: string, signal?: AbortSignal): Promise<CancellationView> {
  const url = `${rpcUrl(CANCELLATION_FUNCTIONS.read)}?token=${encodeURIComponent(token)}`;
  return viewOf(await fetch(url, { headers: anonHeaders(), signal }), CANCELLATION_FUNCTIONS.read);
}

/** Cancels the call: answers 'cancelled' when it did, else the state that prevented it. */
export async function cancelBooking(token: string): Promise<CancellationView> {
  const response = await fetch(rpcUrl(CANCELLATION_FUNCTIONS.cancel), {
    method: 'POST',
    headers: { ...anonHeaders(), 'Content-Type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  return viewOf(response, CANCELLATION_FUNCTIONS.cancel);
}

// The change link's two database functions over PostgREST's RPC endpoint, with plain fetch and the
// anon key, as the cancel page asks its own: booking_for_change reads what the link can do (a GET)
// and move_booking moves the call (a POST), answering a refusal's code when it does not.
import {
  CHANGE_STATES,
  MOVE_FUNCTIONS,
  moveRefusalOf,
  type ChangeState,
  type ChangeView,
  type MovedView,
  type MoveRefusal,
} from 'supabase-schema';
import { bookingConfig } from '../config';

/** What a malformed or missing token is, without asking the database. */
export const UNKNOWN_CHANGE_LINK: ChangeView = { state: 'link_unknown', call: null, moves_left: 0 };

const rpcUrl = (name: string) => `${bookingConfig.supabaseUrl}/rest/v1/rpc/${name}`;
const anonHeaders = () => ({
  apikey: bookingConfig.supabaseAnonKey,
  Authorization: `Bearer ${bookingConfig.supabaseAnonKey}`,
  accept: 'application/json',
});

const hasCall = (call: unknown) =>
  typeof (call as { preferred_date?: unknown } | null)?.preferred_date === 'string' &&
  typeof (call as { preferred_time?: unknown }).preferred_time === 'string';

/** What the link can do now: the call it is for, whether it can still be moved, and how often. */
export async function fetchChange(token: string, signal?: AbortSignal): Promise<ChangeView> {
  const url = `${rpcUrl(MOVE_FUNCTIONS.read)}?token=${encodeURIComponent(token)}`;
  const response = await fetch(url, { headers: anonHeaders(), signal });
  if (!response.ok) throw new Error(`${MOVE_FUNCTIONS.read} answered ${response.status}`);
  const answer = (await response.json()) as Partial<ChangeView> | null;
  const known =
    CHANGE_STATES.includes(answer?.state as ChangeState) &&
    (answer?.call === null || hasCall(answer?.call)) &&
    typeof answer?.moves_left === 'number';
  if (!known) throw new Error(`${MOVE_FUNCTIONS.read} answered an unknown shape`);
  return answer as ChangeView;
}

export type MoveAnswer = { moved: MovedView } | { refusal: MoveRefusal };

/** Moves the call to `day` `time` (Panama): the call at its new time, or why it was not moved. */
export async function moveBooking(token: string, day: string, time: string): Promise<MoveAnswer> {
  const response = await fetch(rpcUrl(MOVE_FUNCTIONS.move), {
    method: 'POST',
    headers: { ...anonHeaders(), 'Content-Type': 'application/json' },
    body: JSON.stringify({ token, new_date: day, new_time: time }),
  });
  const answer = (await response.json().catch(() => null)) as (MovedView & { code?: string }) | null;
  if (response.ok && answer?.state === 'moved' && hasCall(answer.call)) return { moved: answer };
  const refusal = moveRefusalOf(answer?.code);
  if (!response.ok && refusal) return { refusal };
  throw new Error(`${MOVE_FUNCTIONS.move} answered ${response.status}`);
}

// The change link's two database functions (see linkRpc): booking_for_change reads what the link
// can do (a GET) and move_booking moves the call (a POST), answering a refusal's code when it does not.
import {
  CHANGE_STATES,
  MOVE_FUNCTIONS,
  moveRefusalOf,
  type ChangeState,
  type ChangeView,
  type MovedView,
  type MoveRefusal,
} from 'supabase-schema';
import { isCall, postToLink, readLink } from '../bookingLink/linkRpc';

const isChangeView = (answer: Partial<ChangeView> | null) =>
  CHANGE_STATES.includes(answer?.state as ChangeState) &&
  (answer?.call === null || isCall(answer?.call)) &&
  typeof answer?.moves_left === 'number';

/** What the link can do now: the call it is for, whether it can still be moved, and how often. */
export function fetchChange(token: string, signal?: AbortSignal): Promise<ChangeView> {
  return readLink(MOVE_FUNCTIONS.read, token, isChangeView, signal);
}

export type MoveAnswer = { moved: MovedView } | { refusal: MoveRefusal };

/** Moves the call to `day` `time` (Panama): the call at its new time, or why it was not moved. */
export async function moveBooking(token: string, day: string, time: string): Promise<MoveAnswer> {
  const response = await postToLink(MOVE_FUNCTIONS.move, { token, new_date: day, new_time: time });
  const answer = (await response.json().catch(() => null)) as (MovedView & { code?: string }) | null;
  if (response.ok && answer?.state === 'moved' && isCall(answer.call)) return { moved: answer };
  const refusal = moveRefusalOf(answer?.code);
  if (!response.ok && refusal) return { refusal };
  throw new Error(`${MOVE_FUNCTIONS.move} answered ${response.status}`);
}

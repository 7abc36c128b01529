/**
 * Moving a call (20270126090000_booking_moves.sql) as the change page, the mailer and the tests use
 * it: the link's two RPCs, what they answer, and each refusal's code. The link's token is the
 * cancel link's (CANCEL_TOKEN_PATTERN): a token cancels once and moves once.
 */
import type { CancellationView } from './bookingMail';

export const MOVE_FUNCTIONS = {
  /** Stable: GET /rest/v1/rpc/booking_for_change?token=… */
  read: 'booking_for_change',
  /** POST /rest/v1/rpc/move_booking {"token", "new_date": "YYYY-MM-DD", "new_time": "10:00 AM"} */
  move: 'move_booking',
} as const;

/** The operator's default (private.booking_settings.moves_per_booking holds the live value). */
export const DEFAULT_MOVES_PER_BOOKING = 3;

/**
 * Why a link cannot move its call, by the code move_booking answers (its `details` holds the
 * name). The new slot's refusals are the insert's own codes (bookingSlots.ts), but each keeps a
 * name of its own here: the change page says which rule the chosen time broke.
 */
export const MOVE_REFUSALS = {
  /** HTTP 404: a malformed or unknown token. */
  BM001: 'link_unknown',
  /** This link already moved the call: the latest "moved" message has a new one. */
  BM002: 'link_used',
  BM003: 'cancelled',
  /** The call has begun, passed or is completed. */
  BM004: 'past',
  /** The call starts within the minimum notice: too late to move it. */
  BM005: 'too_late',
  /** moves_per_booking moves done. */
  BM006: 'move_limit',
  BM007: 'same_slot',
  /** No date, or a time that is not one of the eight. */
  '22023': 'slot_invalid',
  BK001: 'weekend',
  BK002: 'closed',
  BK003: 'too_soon',
  BK004: 'beyond_horizon',
  PT409: 'taken',
  BK009: 'busy',
  /** HTTP 429: too many moves tried for this booking or from this network in the last hour. */
  PT429: 'too_many',
} as const;

export type MoveRefusal = (typeof MOVE_REFUSALS)[keyof typeof MOVE_REFUSALS];

export function moveRefusalOf(code: string | undefined): MoveRefusal | null {
  return code && code in MOVE_REFUSALS ? MOVE_REFUSALS[code as keyof typeof MOVE_REFUSALS] : null;
}

/** What booking_for_change answers: the refusals it can know before a slot is chosen, or open. */
export type ChangeState =
  | 'open'
  | Extract<MoveRefusal, 'link_unknown' | 'link_used' | 'cancelled' | 'past' | 'too_late' | 'move_limit'>;

export const CHANGE_STATES: readonly ChangeState[] = [
  'open',
  'link_unknown',
  'link_used',
  'cancelled',
  'past',
  'too_late',
  'move_limit',
];

/** The call as the cancel page shows it. */
export type ChangeCall = NonNullable<CancellationView['call']>;

export interface ChangeView {
  state: ChangeState;
  call: ChangeCall | null;
  /** Moves this call may still have (0 for an unknown link). */
  moves_left: number;
}

/** move_booking's answer when it moved the call (HTTP 200); a refusal is a PostgREST error. */
export interface MovedView {
  state: 'moved';
  /** The call at its new time. */
  call: ChangeCall;
  moved_from: { preferred_date: string; preferred_time: string; starts_at: string };
  moves_left: number;
}

/** A refusal's body (HTTP 4xx), as PostgREST writes an error. */
export interface MoveRefusalBody {
  code: keyof typeof MOVE_REFUSALS;
  message: string;
  details: MoveRefusal;
  hint: null;
}

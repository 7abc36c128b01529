/**
 * The slot rules of 20261226090000_bookable_slots.sql (and the busy times of
 * 20270112090000_agency_busy_times.sql) as the form and the tests read them: the
 * SQLSTATE of each refusal, the answer of public.available_slots(), and Panama's clock. The
 * database decides; this only names what it says.
 */

/** The time zone of every slot: a booking's date and time are Panama's (UTC−5 all year). */
export const SLOT_TIME_ZONE = 'America/Panama';

/** Why the database refused a visitor's slot, by the SQLSTATE it raised. */
export const SLOT_REFUSALS = {
  BK001: 'weekend',
  BK002: 'closed',
  BK003: 'tooSoon',
  BK004: 'beyondHorizon',
  /** PostgREST answers PT409 with HTTP 409: another booking holds the slot. */
  PT409: 'taken',
  /**
   * The agency's calendar is busy then (20270112090000_agency_busy_times.sql, HTTP 400). A visitor
   * is told what a taken slot tells: the time is not available, nothing of the agency's day.
   */
  BK009: 'taken',
} as const;

export type SlotRefusal = (typeof SLOT_REFUSALS)[keyof typeof SLOT_REFUSALS];

export function slotRefusalOf(code: string | undefined): SlotRefusal | null {
  return code && code in SLOT_REFUSALS ? SLOT_REFUSALS[code as keyof typeof SLOT_REFUSALS] : null;
}

/** Why no time of a day can be booked, as public.available_slots() says it. */
export type DayClosure = 'weekend' | 'holiday' | 'closed' | 'full' | 'no_times_left';

/** One row of public.available_slots(from_date, to_date). */
export interface DayAvailability {
  /** Year-month-day, Panama's. */
  day: string;
  closure: DayClosure | null;
  /** The times still free that day, in order (values of PREFERRED_TIMES, docs/product.md §8). */
  free_times: string[];
}

/** The operator's defaults in private.booking_settings (the database holds the live values). */
export const DEFAULT_BOOKING_SETTINGS = {
  minimumNoticeHours: 2,
  bookingHorizonDays: 90,
} as const;

/** Panama keeps UTC−5 all year (no daylight saving since 1908): its clock, in hours from UTC. */
const PANAMA_UTC_OFFSET_HOURS = -5;

/**
 * Panama's date at `now`, year-month-day. By its fixed offset, not Intl with SLOT_TIME_ZONE: a
 * browser's first formatter in a zone loads that zone's rules, a long task on a phone in the middle
 * of the booking page's start, for the same answer.
 */
export function panamaToday(now = new Date()): string {
  return new Date(now.getTime() + PANAMA_UTC_OFFSET_HOURS * 3_600_000).toISOString().slice(0, 10);
}

/** The instant a slot starts, by Panama's fixed offset. */
export function slotStart(day: string, time: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  const match = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(time);
  if (!match || !year || !month || !date) throw new Error(`Not a slot: ${day} ${time}`);
  const hour = (Number(match[1]) % 12) + (match[3] === 'PM' ? 12 : 0);
  return new Date(Date.UTC(year, month - 1, date, hour - PANAMA_UTC_OFFSET_HOURS, Number(match[2])));
}

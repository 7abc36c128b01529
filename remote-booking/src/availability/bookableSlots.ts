// Which days and times the form offers, from the database's answer (the judge) and, while it has
// none, from the rules a browser can know alone: Panama's today, weekends and the default horizon.
import { DEFAULT_BOOKING_SETTINGS, panamaToday, type DayClosure } from 'supabase-schema';
import type { Availability } from './useAvailability';

/** Why a day cannot be picked; null when it can. */
export type DayReason = DayClosure | 'past' | 'notYetOpen';

const weekdayOf = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

export function addDays(day: string, count: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}

export function dayReason(day: string, availability: Availability, today = panamaToday()): DayReason | null {
  if (day < today) return 'past';
  const known = availability.days?.get(day);
  if (known) return known.closure;
  const lastDay = availability.lastDay ?? addDays(today, DEFAULT_BOOKING_SETTINGS.bookingHorizonDays);
  if (day > lastDay) return 'notYetOpen';
  return weekdayOf(day) === 0 || weekdayOf(day) === 6 ? 'weekend' : null;
}

/** Whether `time` on `day` is free, as far as the form knows (unknown: offered, the database decides). */
export function isTimeFree(day: string, time: string, availability: Availability): boolean {
  const known = availability.days?.get(day);
  return !known || known.free_times.includes(time);
}

/** What keeps the chosen slot from being sent: its day no longer bookable, or its time taken. */
export function chosenSlotProblem(
  day: string,
  time: string,
  availability: Availability,
): 'dayUnavailable' | 'timeTaken' | null {
  if (!day) return null;
  if (dayReason(day, availability) !== null) return 'dayUnavailable';
  return time && !isTimeFree(day, time, availability) ? 'timeTaken' : null;
}

/**
 * Which busy times the database needs: from the start of Panama's today to the end of the last day
 * a visitor could book.
 */
import { panamaToday, SLOT_TIME_ZONE } from 'supabase-schema';
import type { BusyWindow } from './busyIntervalsOfFeed';
import { zonedInstant } from './zonedInstant';

/**
 * The booking horizon lives in the database (private.booking_settings, at most a year by its
 * check), which the mailer does not read: reading up to that most covers whatever the operator set.
 */
export const LONGEST_BOOKING_HORIZON_DAYS = 366;

export function busyWindow(now: Date, horizonDays = LONGEST_BOOKING_HORIZON_DAYS): BusyWindow {
  const [year, month, day] = panamaToday(now).split('-').map(Number) as [number, number, number];
  const midnight = (days: number) =>
    zonedInstant({ year, month, day: day + days, hour: 0, minute: 0, second: 0 }, SLOT_TIME_ZONE);
  return { from: midnight(0), to: midnight(horizonDays + 1) };
}

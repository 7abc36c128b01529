/**
 * Whether the agency's calendar is being read: the last good read and the failures since, as the
 * reader records them, and when that counts as stale (AGENCY_CALENDAR_STALE_MINUTES without a good
 * read). The health endpoint, the metrics, the log and the agency's notices all read it from here.
 * Kept in memory: after a restart, "not read since" counts from the mailer's start.
 */

export interface CalendarHealth {
  /** The source read (private.busy_sources' name). */
  source: string;
  /** When this mailer started reading: "not read since" counts from here until a first good read. */
  watchingSince: Date;
  /** The last good read (its busy times written), null: none since the start. */
  lastReadAt: Date | null;
  /** The last read's error, null once a read succeeds. */
  lastError: string | null;
}

export function newCalendarHealth(source: string, now: Date): CalendarHealth {
  return { source, watchingSince: now, lastReadAt: null, lastError: null };
}

/** What the status and the notices say: since when the calendar is unread, and whether that is stale. */
export interface CalendarStaleness {
  lastReadAt: Date | null;
  /** The last good read, or the mailer's start when there was none. */
  unreadSince: Date;
  /** Reads are failing, for at least the stale time. */
  stale: boolean;
}

export function calendarStaleness(
  health: CalendarHealth,
  now: Date,
  staleMinutes: number,
): CalendarStaleness {
  const unreadSince = health.lastReadAt ?? health.watchingSince;
  const failing = health.lastError !== null || health.lastReadAt === null;
  return {
    lastReadAt: health.lastReadAt,
    unreadSince,
    stale: failing && now.getTime() - unreadSince.getTime() >= staleMinutes * 60_000,
  };
}

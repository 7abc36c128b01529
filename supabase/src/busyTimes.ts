/**
 * The busy-times contract of 20270112090000_agency_busy_times.sql: what the mailer's calendar
 * reader sends to public.replace_busy_times() (service role only) for one calendar source.
 */

/** The RPC that replaces a source's busy intervals and records its last successful read. */
export const REPLACE_BUSY_TIMES_FUNCTION = 'replace_busy_times';

/** The source name of the agency's iCalendar feed (AGENCY_CALENDAR_FEED_URL). */
export const AGENCY_FEED_SOURCE = 'agency-feed';

/** The source name of the agency's CalDAV calendar (AGENCY_CALDAV_URL). */
export const AGENCY_CALDAV_SOURCE = 'agency-caldav';

/** One busy interval, [starts_at, ends_at): nothing of the event but when it is. */
export interface BusyInterval {
  /** ISO 8601 instants. */
  starts_at: string;
  ends_at: string;
  /**
   * The event's UID only when it is one of the agency's own booking invitations
   * (booking-<id>@<site host>): that booking's slot is not blocked by it.
   */
  event_uid?: string;
}

/** The arguments of public.replace_busy_times(source, intervals, read_at). */
export interface ReplaceBusyTimesArguments {
  source: string;
  intervals: BusyInterval[];
  /** When the feed was read (ISO 8601); a read older than the last recorded changes nothing. */
  read_at: string;
}

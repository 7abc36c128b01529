/**
 * What the calendar reader reads: one interface for the agency's two kinds of calendar, an
 * iCalendar feed (Google's secret address, Outlook's published calendar) and a CalDAV calendar
 * (iCloud, Fastmail, Nextcloud, Radicale). Both give the busy intervals of a window, expanded by
 * the same ical.js code (busyIntervalsOfFeed), or throw: a source that cannot be read, or answers
 * garbage, never reads as a calendar with no events.
 */
import { AGENCY_CALDAV_SOURCE, AGENCY_FEED_SOURCE, type BusyInterval } from 'supabase-schema';
import type { MailerConfig } from '../config';
import { busyIntervalsOfFeed, type BusyWindow } from './busyIntervalsOfFeed';
import type { CaldavCalendar } from './caldavCalendar';
import { queryEvents } from './caldavQuery';
import { fetchFeed as fetchOverHttp, type FetchFeed } from './fetchFeed';

export interface CalendarSource {
  /** The name its busy times are kept under (private.busy_sources). */
  name: string;
  busyIntervals(window: BusyWindow): Promise<BusyInterval[]>;
}

const byStart = (a: BusyInterval, b: BusyInterval) =>
  a.starts_at.localeCompare(b.starts_at) || a.ends_at.localeCompare(b.ends_at);

/** An iCalendar feed at `url` (its address is its password: never logged). */
export function feedSource(url: string, fetchFeed: FetchFeed = fetchOverHttp): CalendarSource {
  return {
    name: AGENCY_FEED_SOURCE,
    busyIntervals: async (window) => busyIntervalsOfFeed(await fetchFeed(url), window),
  };
}

/**
 * A CalDAV calendar: a calendar-query for the events in the window (the server returns a
 * recurring event whole when any of its occurrences falls in it), each expanded here.
 */
export function caldavSource(calendar: CaldavCalendar): CalendarSource {
  return {
    name: AGENCY_CALDAV_SOURCE,
    async busyIntervals(window) {
      const events = await queryEvents(calendar, window, true);
      return events.flatMap(({ data }) => busyIntervalsOfFeed(data ?? '', window)).sort(byStart);
    },
  };
}

/** The source the settings name, if any (the two are exclusive: see config.ts). */
export function configuredSource(
  config: Pick<MailerConfig, 'agencyCalendarFeedUrl'>,
  caldav: CaldavCalendar | null,
): CalendarSource | null {
  if (caldav) return caldavSource(caldav);
  return config.agencyCalendarFeedUrl ? feedSource(config.agencyCalendarFeedUrl) : null;
}

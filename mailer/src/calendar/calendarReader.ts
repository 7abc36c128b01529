/**
 * The calendar reader: reads the agency's feed now and then every AGENCY_CALENDAR_READ_SECONDS,
 * and writes its busy times through replace_busy_times. A read that fails (the feed down, an error
 * page, garbage, the database unreachable) writes nothing, so the last busy times stay, and is
 * tried again at the next turn. Reads never overlap. The feed's URL is never logged: a private
 * calendar's address is its password.
 */
import { AGENCY_FEED_SOURCE } from 'supabase-schema';
import type { Log } from '../log';
import { busyIntervalsOfFeed } from './busyIntervalsOfFeed';
import type { BusyTimesStore } from './busyTimesStore';
import { busyWindow } from './busyWindow';
import { fetchFeed as fetchOverHttp, type FetchFeed } from './fetchFeed';

export interface CalendarReaderDependencies {
  feedUrl: string;
  readEveryMs: number;
  store: BusyTimesStore;
  log: Log;
  fetchFeed?: FetchFeed;
  now?: () => Date;
}

/** What one read did: the intervals written (null: a newer read was already recorded), or why not. */
export type CalendarRead = { written: number | null } | { failed: string };

export interface CalendarReader {
  start(): void;
  /** One read now (after the one under way, if any). */
  readNow(): Promise<CalendarRead>;
  /** Ends the turns; resolves when the read under way has finished. */
  stop(): Promise<void>;
}

export function createCalendarReader({
  feedUrl,
  readEveryMs,
  store,
  log,
  fetchFeed = fetchOverHttp,
  now = () => new Date(),
}: CalendarReaderDependencies): CalendarReader {
  let lastRead: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  let started = false;
  let stopping = false;

  async function readOnce(): Promise<CalendarRead> {
    const readAt = now();
    try {
      const intervals = busyIntervalsOfFeed(await fetchFeed(feedUrl), busyWindow(readAt));
      const written = await store.replace(AGENCY_FEED_SOURCE, intervals, readAt);
      log.debug(`agency calendar read: ${intervals.length} busy intervals`);
      return { written };
    } catch (error) {
      const reason = (error as Error).message;
      log.warn(`agency calendar not read, its last busy times stay: ${reason}`);
      return { failed: reason };
    }
  }

  function readNow(): Promise<CalendarRead> {
    const next = lastRead.then(readOnce);
    lastRead = next;
    return next;
  }

  async function turn(): Promise<void> {
    await readNow();
    if (!stopping) timer = setTimeout(() => void turn(), readEveryMs);
  }

  return {
    start() {
      if (started || stopping) return;
      started = true;
      void turn();
    },
    readNow,
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      await lastRead;
    },
  };
}

/**
 * The calendar reader: reads the agency's calendar (a feed or CalDAV: calendarSource.ts) now and
 * then every AGENCY_CALENDAR_READ_SECONDS, and writes its busy times through replace_busy_times.
 * A read that fails (the server down, an error page, garbage, the database unreachable) writes
 * nothing, so the last busy times stay, and is tried again at the next turn. Reads never overlap.
 *
 * The log says little: one line when reads start failing (and when the reason changes), one when
 * the calendar has gone unread for AGENCY_CALENDAR_STALE_MINUTES, one when it is read again. No
 * address is logged: a private feed's address is its password.
 */
import type { Log } from '../log';
import type { BusyTimesStore } from './busyTimesStore';
import { busyWindow } from './busyWindow';
import { calendarStaleness, newCalendarHealth, type CalendarHealth } from './calendarHealth';
import type { CalendarSource } from './calendarSource';

export interface CalendarReaderDependencies {
  source: CalendarSource;
  readEveryMs: number;
  staleMinutes: number;
  store: BusyTimesStore;
  log: Log;
  now?: () => Date;
}

/** What one read did: the intervals written (null: a newer read was already recorded), or why not. */
export type CalendarRead = { written: number | null } | { failed: string };

export interface CalendarReader {
  /** The reads so far, for the status, the metrics and the notices (updated in place). */
  health: CalendarHealth;
  start(): void;
  /** One read now (after the one under way, if any). */
  readNow(): Promise<CalendarRead>;
  /** Ends the turns; resolves when the read under way has finished. */
  stop(): Promise<void>;
}

export function createCalendarReader({
  source,
  readEveryMs,
  staleMinutes,
  store,
  log,
  now = () => new Date(),
}: CalendarReaderDependencies): CalendarReader {
  const health = newCalendarHealth(source.name, now());
  let staleReported = false;
  let lastRead: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  let started = false;
  let stopping = false;

  function succeeded(readAt: Date, count: number): void {
    if (health.lastError !== null) log.info(`agency calendar (${source.name}) read again`);
    health.lastReadAt = readAt;
    health.lastError = null;
    staleReported = false;
    log.debug(`agency calendar read: ${count} busy intervals`);
  }

  function failed(reason: string): void {
    if (reason !== health.lastError)
      log.warn(`agency calendar (${source.name}) not read, its last busy times stay: ${reason}`);
    health.lastError = reason;
    const { stale, unreadSince } = calendarStaleness(health, now(), staleMinutes);
    if (stale && !staleReported) {
      staleReported = true;
      log.error(
        `agency calendar (${source.name}) not read since ${unreadSince.toISOString()}: its busy times may be out of date, and the agency's notices say so`,
      );
    }
  }

  async function readOnce(): Promise<CalendarRead> {
    const readAt = now();
    try {
      const intervals = await source.busyIntervals(busyWindow(readAt));
      const written = await store.replace(source.name, intervals, readAt);
      succeeded(readAt, intervals.length);
      return { written };
    } catch (error) {
      const reason = (error as Error).message;
      failed(reason);
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
    health,
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

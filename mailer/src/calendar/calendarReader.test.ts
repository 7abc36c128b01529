// The calendar reader's turns: a feed read is written as the agency feed's busy times, a read
// that fails writes nothing, so the database keeps the last set, and a calendar unread for the
// stale time is said once, and its health says since when.
import type { BusyInterval } from 'supabase-schema';
import type { Log } from '../log';
import type { BusyTimesStore } from './busyTimesStore';
import { calendarStaleness } from './calendarHealth';
import { createCalendarReader } from './calendarReader';
import { feedSource } from './calendarSource';

const NOW = new Date('2027-01-04T14:00:00Z');
const FEED = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Agency tests//Busy feed//EN',
  'BEGIN:VEVENT',
  'UID:one@agency.example',
  'DTSTAMP:20261201T000000Z',
  'DTSTART:20270105T150000Z',
  'DTEND:20270105T160000Z',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n');

function recordingStore() {
  const writes: { source: string; intervals: BusyInterval[]; readAt: Date }[] = [];
  const store: BusyTimesStore = {
    replace: (source, intervals, readAt) => {
      writes.push({ source, intervals, readAt });
      return Promise.resolve(intervals.length);
    },
  };
  return { store, writes };
}

function silentLog(): Log & { warnings: string[]; errors: string[] } {
  const warnings: string[] = [];
  const errors: string[] = [];
  return {
    debug: () => {},
    info: () => {},
    warn: (line) => warnings.push(line),
    error: (line) => errors.push(line),
    warnings,
    errors,
  };
}

function readerOf(fetchFeed: (url: string) => Promise<string>, clock = { now: NOW }) {
  const { store, writes } = recordingStore();
  const log = silentLog();
  const reader = createCalendarReader({
    source: feedSource('https://calendar.example/private-secret-token/basic.ics', fetchFeed),
    readEveryMs: 60_000,
    staleMinutes: 30,
    store,
    log,
    now: () => clock.now,
  });
  return { reader, writes, log };
}

test("a feed read is written as the agency feed's busy times, stamped with the time of the read", async () => {
  const { reader, writes } = readerOf(() => Promise.resolve(FEED));
  expect(await reader.readNow()).toEqual({ written: 1 });
  expect(writes).toEqual([
    {
      source: 'agency-feed',
      intervals: [{ starts_at: '2027-01-05T15:00:00.000Z', ends_at: '2027-01-05T16:00:00.000Z' }],
      readAt: NOW,
    },
  ]);
});

test('a feed that answers an error page or garbage, or no feed at all, writes nothing', async () => {
  for (const fetchFeed of [
    () => Promise.resolve('<html><body>Sign in to see this calendar</body></html>'),
    () => Promise.resolve('BEGIN:VCALENDAR\nBEGIN:VEVENT\nnot a property\n'),
    () => Promise.reject(new Error('answered HTTP 503')),
  ]) {
    const { reader, writes, log } = readerOf(fetchFeed);
    expect(await reader.readNow()).toEqual({ failed: expect.any(String) as string });
    expect(writes).toEqual([]);
    // The feed's address is a password of the agency's calendar: never in the log.
    expect(log.warnings.join('\n')).not.toContain('private-secret-token');
  }
});

test('started, it reads at once and then every turn until stopped', async () => {
  jest.useFakeTimers();
  try {
    const { reader, writes } = readerOf(() => Promise.resolve(FEED));
    reader.start();
    reader.start();
    await jest.advanceTimersByTimeAsync(0);
    expect(writes).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(writes).toHaveLength(2);
    await reader.stop();
    await jest.advanceTimersByTimeAsync(120_000);
    expect(writes).toHaveLength(2);
  } finally {
    jest.useRealTimers();
  }
});

test('a calendar unread for the stale time is said once in the log, and its health says since when', async () => {
  const clock = { now: NOW };
  let answer = () => Promise.resolve(FEED);
  const { reader, log } = readerOf(() => answer(), clock);
  await reader.readNow();
  answer = () => Promise.reject(new Error('answered HTTP 503'));
  for (const minutes of [1, 10, 29, 31, 45, 60]) {
    clock.now = new Date(NOW.getTime() + minutes * 60_000);
    await reader.readNow();
  }
  expect(log.warnings).toEqual([
    'agency calendar (agency-feed) not read, its last busy times stay: answered HTTP 503',
  ]);
  expect(log.errors).toEqual([
    "agency calendar (agency-feed) not read since 2027-01-04T14:00:00.000Z: its busy times may be out of date, and the agency's notices say so",
  ]);
  expect(calendarStaleness(reader.health, clock.now, 30)).toEqual({
    lastReadAt: NOW,
    unreadSince: NOW,
    stale: true,
  });
  answer = () => Promise.resolve(FEED);
  await reader.readNow();
  expect(calendarStaleness(reader.health, clock.now, 30).stale).toBe(false);
});

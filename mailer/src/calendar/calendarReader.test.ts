// The calendar reader's turns: a feed read is written as the agency feed's busy times, and a read
// that fails writes nothing, so the database keeps the last set.
import type { BusyInterval } from 'supabase-schema';
import type { Log } from '../log';
import type { BusyTimesStore } from './busyTimesStore';
import { createCalendarReader } from './calendarReader';

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

function silentLog(): Log & { warnings: string[] } {
  const warnings: string[] = [];
  return { debug: () => {}, info: () => {}, warn: (line) => warnings.push(line), error: () => {}, warnings };
}

function readerOf(fetchFeed: (url: string) => Promise<string>) {
  const { store, writes } = recordingStore();
  const log = silentLog();
  const reader = createCalendarReader({
    feedUrl: 'https://calendar.example/private-secret-token/basic.ics',
    readEveryMs: 60_000,
    store,
    log,
    fetchFeed,
    now: () => NOW,
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

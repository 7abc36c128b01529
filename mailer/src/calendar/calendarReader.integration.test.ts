// The calendar reader against the real database (the local backend) and a feed served over HTTP:
// a busy time in the feed closes its slot, a broken feed keeps the last busy times, an emptied one
// frees the slot; and the mailer reads the feed when AGENCY_CALENDAR_FEED_URL is set.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  LOCAL_ANON_KEY,
  LOCAL_SERVICE_ROLE_KEY,
  startLocalBackend,
  type RunningBackend,
} from 'local-backend';
import { slotStart, type DayAvailability } from 'supabase-schema';
import { startMailer } from '../startMailer';
import { createBusyTimesStore } from './busyTimesStore';
import { createCalendarReader } from './calendarReader';
import { feedSource } from './calendarSource';

let backend: RunningBackend;
let feedServer: http.Server;
let feedUrl: string;
/** What the feed answers next: a status and a body. */
let feedAnswer = { status: 200, body: '' };

beforeAll(async () => {
  backend = await startLocalBackend({ config: { port: 0 } });
  feedServer = http.createServer((_request, response) => {
    response.writeHead(feedAnswer.status, { 'content-type': 'text/calendar' }).end(feedAnswer.body);
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/private-token/basic.ics`;
});
afterAll(async () => {
  await new Promise((resolve) => feedServer?.close(resolve));
  await backend?.stop();
});
beforeEach(() => backend.database.query('delete from private.busy_sources'));

function calendarWith(...events: { starts: Date; ends: Date }[]): string {
  const stamp = (instant: Date) => instant.toISOString().replace(/[-:]|\.\d{3}/g, '');
  const lines = events.flatMap(({ starts, ends }, index) => [
    'BEGIN:VEVENT',
    `UID:event-${index}@agency.example`,
    'DTSTAMP:20261201T000000Z',
    `DTSTART:${stamp(starts)}`,
    `DTEND:${stamp(ends)}`,
    'SUMMARY:Busy',
    'END:VEVENT',
  ]);
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//tests//EN', ...lines, 'END:VCALENDAR'].join('\r\n');
}

async function availableSlots(from?: string): Promise<DayAvailability[]> {
  const response = await fetch(`${backend.url}/rest/v1/rpc/available_slots`, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ from_date: from ?? null, to_date: from ?? null }),
  });
  return (await response.json()) as DayAvailability[];
}

async function freeTimesOf(day: string): Promise<string[] | undefined> {
  return (await availableSlots(day))[0]?.free_times;
}

function silentReader() {
  const log = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
  const store = createBusyTimesStore(backend.url, LOCAL_SERVICE_ROLE_KEY);
  return createCalendarReader({
    source: feedSource(feedUrl),
    readEveryMs: 60_000,
    staleMinutes: 30,
    store,
    log,
  });
}

test('a busy hour in the feed closes its slot; a broken feed keeps it closed; an empty one frees it', async () => {
  const day = (await availableSlots()).find((entry) => entry.free_times.includes('10:00 AM'))?.day;
  if (!day) throw new Error('no day with 10:00 AM free');
  const starts = slotStart(day, '10:00 AM');
  const reader = silentReader();

  feedAnswer = { status: 200, body: calendarWith({ starts, ends: new Date(starts.getTime() + 3_600_000) }) };
  expect(await reader.readNow()).toEqual({ written: 1 });
  expect(await freeTimesOf(day)).not.toContain('10:00 AM');
  expect(await freeTimesOf(day)).toContain('11:00 AM');

  for (const broken of [
    { status: 500, body: 'Internal error' },
    { status: 200, body: '<html>Sign in</html>' },
  ]) {
    feedAnswer = broken;
    expect(await reader.readNow()).toEqual({ failed: expect.any(String) as string });
    expect(await freeTimesOf(day)).not.toContain('10:00 AM');
  }

  feedAnswer = { status: 200, body: calendarWith() };
  expect(await reader.readNow()).toEqual({ written: 0 });
  expect(await freeTimesOf(day)).toContain('10:00 AM');
});

test('the mailer reads the feed when AGENCY_CALENDAR_FEED_URL is set', async () => {
  feedAnswer = { status: 200, body: calendarWith() };
  const mailer = await startMailer({
    supabaseUrl: backend.url,
    supabaseServiceRoleKey: LOCAL_SERVICE_ROLE_KEY,
    // Nothing is queued: the SMTP server is never reached.
    smtpUrl: 'smtp://127.0.0.1:9',
    port: 0,
    logLevel: 'silent',
    agencyCalendarFeedUrl: feedUrl,
  });
  try {
    const deadline = Date.now() + 10_000;
    let sources: Record<string, unknown>[] = [];
    while (sources.length === 0 && Date.now() < deadline) {
      sources = await backend.database.query('select source from private.busy_sources');
      if (sources.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(sources).toEqual([{ source: 'agency-feed' }]);
  } finally {
    await mailer.stop();
  }
});

// The agency's CalDAV calendar against a real server (Radicale): its events read as busy times the
// way the feed's are, found from the server's address too; a wrong password or a page that is not a
// CalDAV answer is an error, never an empty calendar; a booking's event is written with the
// invitation's UID, rewritten in place when the booking moves, and removed when it is cancelled.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ICAL from 'ical.js';
import type { CaldavSettings } from '../config';
import { invitationUid } from '../messages/bookingEvent';
import { ensureRadicale, RADICALE_MISSING, startRadicale, type RunningRadicale } from '../testing/radicale';
import { sampleBooking, sampleConfig } from '../testing/sampleMail';
import { connectCaldav } from './caldavCalendar';
import { createCalendarEventWriter } from './calendarEventWriter';
import { caldavSource } from './calendarSource';

const available = ensureRadicale() !== null;
if (!available) console.warn(`Skipping the CalDAV tests: ${RADICALE_MISSING}`);
const describeWithRadicale = available ? describe : describe.skip;

/** Three weeks of Panama days, Monday 4 to Sunday 24 January 2027. */
const JANUARY_WEEKS = { from: new Date('2027-01-04T05:00:00Z'), to: new Date('2027-01-25T05:00:00Z') };
const span = (starts_at: string, ends_at: string) => ({ starts_at, ends_at });

function calendar(...lines: string[]): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Agency tests//CalDAV//EN',
    ...lines,
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

function event(uid: string, ...lines: string[]): string {
  return calendar(
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20261201T000000Z',
    'SUMMARY:Private',
    ...lines,
    'END:VEVENT',
  );
}

/** A stored event as a calendar reads it. */
function read(data: string | undefined) {
  const component = new ICAL.Component(ICAL.parse(data ?? '')).getFirstSubcomponent('vevent');
  if (!component) throw new Error('no VEVENT');
  const details = new ICAL.Event(component);
  return { uid: details.uid, start: details.startDate.toJSDate().toISOString(), summary: details.summary };
}

let radicale: RunningRadicale;
let settings: CaldavSettings;

describeWithRadicale('against Radicale', () => {
  beforeAll(async () => {
    radicale = await startRadicale();
    settings = {
      url: radicale.calendarUrl,
      username: radicale.username,
      password: radicale.password,
      calendarName: null,
    };
  });
  afterAll(() => radicale?.stop());
  beforeEach(() => radicale.clear());

  test("the calendar's events in the window are its busy times: single, weekly with an exception, all-day; free and cancelled ones are not", async () => {
    await radicale.putEvent(
      'client.ics',
      event('client@agency', 'DTSTART:20270105T150000Z', 'DTEND:20270105T160000Z'),
    );
    await radicale.putEvent(
      'review.ics',
      event(
        'review@agency',
        'DTSTART;TZID=America/Panama:20270104T100000',
        'DTEND;TZID=America/Panama:20270104T110000',
        'RRULE:FREQ=WEEKLY;BYDAY=MO',
        'EXDATE;TZID=America/Panama:20270111T100000',
      ),
    );
    await radicale.putEvent(
      'offsite.ics',
      event('offsite@agency', 'DTSTART;VALUE=DATE:20270106', 'DTEND;VALUE=DATE:20270107'),
    );
    await radicale.putEvent(
      'focus.ics',
      event('focus@agency', 'DTSTART:20270107T140000Z', 'DTEND:20270107T150000Z', 'TRANSP:TRANSPARENT'),
    );
    await radicale.putEvent(
      'off.ics',
      event('off@agency', 'DTSTART:20270108T140000Z', 'DTEND:20270108T150000Z', 'STATUS:CANCELLED'),
    );
    await radicale.putEvent(
      'later.ics',
      event('later@agency', 'DTSTART:20270301T140000Z', 'DTEND:20270301T150000Z'),
    );

    expect(await caldavSource(connectCaldav(settings)).busyIntervals(JANUARY_WEEKS)).toEqual([
      span('2027-01-04T15:00:00.000Z', '2027-01-04T16:00:00.000Z'),
      span('2027-01-05T15:00:00.000Z', '2027-01-05T16:00:00.000Z'),
      span('2027-01-06T05:00:00.000Z', '2027-01-07T05:00:00.000Z'),
      span('2027-01-18T15:00:00.000Z', '2027-01-18T16:00:00.000Z'),
    ]);
  });

  test("from the server's address, the user's calendar is found (by name when given)", async () => {
    await radicale.putEvent(
      'client.ics',
      event('client@agency', 'DTSTART:20270105T150000Z', 'DTEND:20270105T160000Z'),
    );
    for (const calendarName of [null, 'Agency']) {
      const source = caldavSource(connectCaldav({ ...settings, url: radicale.url, calendarName }));
      expect(await source.busyIntervals(JANUARY_WEEKS)).toHaveLength(1);
    }
    const unknown = caldavSource(connectCaldav({ ...settings, url: radicale.url, calendarName: 'Holidays' }));
    await expect(unknown.busyIntervals(JANUARY_WEEKS)).rejects.toThrow(
      'CalDAV: no calendar named "Holidays" (found: "Agency")',
    );
  });

  test('a wrong password is an error naming the answer, never an empty calendar, and never shows the password', async () => {
    const source = caldavSource(connectCaldav({ ...settings, password: 'not-the-password' }));
    const failure = await source.busyIntervals(JANUARY_WEEKS).then(
      () => null,
      (error: Error) => error.message,
    );
    expect(failure).toMatch(/^CalDAV: .*401/);
    expect(failure).not.toContain('not-the-password');
  });

  test("a booking's event lands in the calendar with the invitation's UID, moves in place, and is removed when cancelled", async () => {
    const config = sampleConfig({ agencyLanguage: 'es' });
    const writer = createCalendarEventWriter(connectCaldav(settings), config);
    const booking = sampleBooking();
    const uid = invitationUid(booking, config.site);

    expect(await writer.sync(booking)).toBe('written');
    expect(await writer.sync(booking)).toBe('written');
    let [stored, ...others] = await radicale.events();
    expect(others).toEqual([]);
    expect(read(stored?.data)).toEqual({
      uid,
      start: '2027-01-04T14:00:00.000Z',
      summary: 'Llamada de descubrimiento: María Fernanda Castillo (Café Boquete S.A.)',
    });
    // No one is invited by the calendar server itself: the mailer's invitation is the only one.
    expect(stored?.data).not.toMatch(/^(ATTENDEE|ORGANIZER|METHOD)/m);
    // Read back, it keeps its UID, so it never blocks its own booking's slot.
    expect(await caldavSource(connectCaldav(settings)).busyIntervals(JANUARY_WEEKS)).toEqual([
      { ...span('2027-01-04T14:00:00.000Z', '2027-01-04T14:30:00.000Z'), event_uid: uid },
    ]);

    await writer.sync({ ...booking, preferred_time: '11:00 AM', starts_at: '2027-01-04T16:00:00+00:00' });
    [stored, ...others] = await radicale.events();
    expect(others).toEqual([]);
    expect(read(stored?.data)).toMatchObject({ uid, start: '2027-01-04T16:00:00.000Z' });

    expect(await writer.sync({ ...booking, status: 'cancelled' })).toBe('removed');
    expect(await radicale.events()).toEqual([]);
    expect(await writer.sync({ ...booking, status: 'cancelled' })).toBe('removed');
  });

  test('an event the agency accepted from the mailed invitation (same UID, another name) is the one rewritten', async () => {
    const config = sampleConfig();
    const booking = sampleBooking();
    const uid = invitationUid(booking, config.site);
    await radicale.putEvent(
      'accepted-from-mail.ics',
      event(uid, 'DTSTART:20270104T140000Z', 'DTEND:20270104T143000Z'),
    );
    await createCalendarEventWriter(connectCaldav(settings), config).sync(booking);
    const stored = await radicale.events();
    expect(stored.map(({ name }) => name)).toEqual(['accepted-from-mail.ics']);
    expect(read(stored[0]?.data).summary).toBe('Discovery call: María Fernanda Castillo (Café Boquete S.A.)');
  });
});

test('a server that answers a page, or nothing, instead of a CalDAV answer is an error, never an empty calendar', async () => {
  let body = '<html><body>Sign in</body></html>';
  const server = http.createServer((request, response) => {
    request.resume();
    response
      .writeHead(200, { 'content-type': body.startsWith('<html') ? 'text/html' : 'text/plain' })
      .end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cal/`;
    // A calendar's own address, found as such without a PROPFIND: the named one skips the check.
    const source = caldavSource({
      ...connectCaldav({ url, username: 'agency', password: 'x', calendarName: null }),
      url: async () => url,
    });
    for (const answer of ['<html><body>Sign in</body></html>', '']) {
      body = answer;
      await expect(source.busyIntervals(JANUARY_WEEKS)).rejects.toThrow(/^CalDAV: /);
    }
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

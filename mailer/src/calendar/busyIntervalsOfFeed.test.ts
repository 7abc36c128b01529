// The feed's events as busy intervals, from hand-written feeds: recurrences with an excluded and a
// moved instance, an all-day event, another zone, and the events that are not busy.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { busyIntervalsOfFeed, FeedError } from './busyIntervalsOfFeed';

const feed = (name: string) => readFileSync(path.join(__dirname, 'fixtures', name), 'utf8');
const span = (starts_at: string, ends_at: string) => ({ starts_at, ends_at });

/** Three weeks of Panama days, Monday 4 to Sunday 24 January 2027. */
const JANUARY_WEEKS = { from: new Date('2027-01-04T05:00:00Z'), to: new Date('2027-01-25T05:00:00Z') };

test("the agency's busy times in a window: each event that keeps the agency busy, and nothing else", () => {
  expect(busyIntervalsOfFeed(feed('agencyWeek.ics'), JANUARY_WEEKS)).toEqual([
    // The weekly review, Mondays 10:00-11:00 Panama (UTC-5): the 4th; the 11th is excluded (EXDATE).
    span('2027-01-04T15:00:00.000Z', '2027-01-04T16:00:00.000Z'),
    // The offsite, all day on the 6th: the whole Panama day.
    span('2027-01-06T05:00:00.000Z', '2027-01-07T05:00:00.000Z'),
    // 17:00-18:00 in Madrid (UTC+1 in January), a zone the feed does not define.
    span('2027-01-07T16:00:00.000Z', '2027-01-07T17:00:00.000Z'),
    // The daily stand-up's three days, but the 12th, cancelled that once. Focus time is free.
    span('2027-01-11T14:00:00.000Z', '2027-01-11T14:15:00.000Z'),
    span('2027-01-13T14:00:00.000Z', '2027-01-13T14:15:00.000Z'),
    // A tentative lunch keeps the time, as Google shows it; the called-off event does not.
    span('2027-01-14T19:00:00.000Z', '2027-01-14T20:00:00.000Z'),
    // The review of the 18th, moved to Tuesday 19th 15:00-16:00.
    span('2027-01-19T20:00:00.000Z', '2027-01-19T21:00:00.000Z'),
    // A booking's own invitation keeps its UID, so the database does not let it block that booking.
    {
      ...span('2027-01-20T15:00:00.000Z', '2027-01-20T15:30:00.000Z'),
      event_uid: 'booking-0d9f6a52-3c1e-4b8a-9f2d-7e5b1c4a8d30@agency.example',
    },
  ]);
});

test('a weekly event in Madrid keeps its local time across the change to summer time', () => {
  const window = { from: new Date('2027-03-22T05:00:00Z'), to: new Date('2027-04-05T05:00:00Z') };
  expect(busyIntervalsOfFeed(feed('madridAcrossSummerTime.ics'), window)).toEqual([
    span('2027-03-22T16:00:00.000Z', '2027-03-22T17:00:00.000Z'),
    span('2027-03-29T15:00:00.000Z', '2027-03-29T16:00:00.000Z'),
  ]);
});

test('an event that only partly overlaps the window counts; one outside it does not', () => {
  const window = { from: new Date('2027-01-06T12:00:00Z'), to: new Date('2027-01-07T16:30:00Z') };
  expect(busyIntervalsOfFeed(feed('agencyWeek.ics'), window)).toEqual([
    span('2027-01-06T05:00:00.000Z', '2027-01-07T05:00:00.000Z'),
    span('2027-01-07T16:00:00.000Z', '2027-01-07T17:00:00.000Z'),
  ]);
});

test('a calendar with no events is an agency with no busy time', () => {
  const empty = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//y//EN\r\nEND:VCALENDAR\r\n';
  expect(busyIntervalsOfFeed(empty, JANUARY_WEEKS)).toEqual([]);
});

test('a page that is not a calendar (a login page, garbage, a broken feed) is refused, never read as empty', () => {
  for (const text of [
    '<!doctype html><title>Sign in</title>',
    '',
    '\u0000\u0001garbage',
    'BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VEVENT\nDTSTART this is not a line\n',
  ]) {
    expect(() => busyIntervalsOfFeed(text, JANUARY_WEEKS)).toThrow(FeedError);
  }
});

test("a zone only the feed defines (Outlook's Windows names) uses its definition; a floating time is Panama's", () => {
  expect(busyIntervalsOfFeed(feed('outlookZones.ics'), JANUARY_WEEKS)).toEqual([
    span('2027-01-07T16:00:00.000Z', '2027-01-07T17:00:00.000Z'),
    span('2027-01-08T14:00:00.000Z', '2027-01-08T15:00:00.000Z'),
  ]);
});

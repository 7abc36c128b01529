/**
 * The agency's calendar for `npm start`: a small iCalendar feed served on localhost, which the
 * local mailer reads as AGENCY_CALENDAR_FEED_URL, so the booking form shows an agency with a diary
 * at once and with no set-up. Weekly blocks in Panama time, from a Monday in the past, with no end.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const weekly = (uid: string, day: string, from: string, to: string, title: string) => [
  'BEGIN:VEVENT',
  `UID:${uid}@local-agency-calendar`,
  'DTSTAMP:20260105T000000Z',
  // 5 January 2026 is a Monday; BYDAY moves each rule to its own weekday.
  `DTSTART;TZID=America/Panama:20260105T${from}00`,
  `DTEND;TZID=America/Panama:20260105T${to}00`,
  `RRULE:FREQ=WEEKLY;BYDAY=${day}`,
  `SUMMARY:${title}`,
  'END:VEVENT',
];

/** Monday 10:00-11:00 team meeting, Wednesday 14:00-15:30 client reviews, Friday 9:00-10:00 planning. */
export const LOCAL_AGENCY_CALENDAR = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Local agency//npm start//EN',
  'X-WR-CALNAME:Agency (local)',
  ...weekly('team-meeting', 'MO', '1000', '1100', 'Team meeting'),
  ...weekly('client-reviews', 'WE', '1400', '1530', 'Client reviews'),
  ...weekly('planning', 'FR', '0900', '1000', 'Planning'),
  'END:VCALENDAR',
  '',
].join('\r\n');

export interface LocalAgencyCalendar {
  /** The feed's address, for AGENCY_CALENDAR_FEED_URL. */
  url: string;
  close(): Promise<void>;
}

/** Serves LOCAL_AGENCY_CALENDAR at http://127.0.0.1:<port>/agency.ics (any free port by default). */
export async function serveLocalAgencyCalendar({ port = 0 } = {}): Promise<LocalAgencyCalendar> {
  const server = http.createServer((request, response) => {
    if (request.url !== '/agency.ics') return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' }).end(LOCAL_AGENCY_CALENDAR);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/agency.ics`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// The agency's own calendar, a real CalDAV server (Radicale): its events close their slots in the
// booking form within the read interval (a single one, a weekly one, an all-day one), an insert
// into one is refused, and deleting them offers the slots again; a booking made through the form
// lands in it as an event with the invitation's UID, and its cancel link removes it.
import ICAL from 'ical.js';
import { ensureRadicale, RADICALE_MISSING, type MailDevMessage, type RunningRadicale } from 'mailer';
import { test, expect } from '../support/fixtures';
import { copy } from '../support/copy';
import {
  BOOKING_CHOICES,
  BOOKING_TEXT,
  clearBookings,
  confirmWithMailedCode,
  field,
  fillBooking,
  pickBookableDay,
  dayInPicker,
} from '../support/bookingForm';
import type { ComposedSite } from '../support/site';

test.skip(!ensureRadicale(), RADICALE_MISSING);

const booking = (key: string) => copy('remote-booking', 'en', key);
/** The reader reads every 2 seconds here; a few reads' worth of waiting. */
const WITHIN_READS = { timeout: 15_000 };

let radicale: RunningRadicale;

test.beforeAll(async ({ site }) => {
  radicale = await site.connectAgencyCalendar();
});
test.afterAll(async ({ site }) => {
  await site.disconnectAgencyCalendar();
});
test.beforeEach(async ({ site }) => {
  await radicale.clear();
  await clearBookings(site);
  await site.inbox.deleteAll();
});

async function freeTimesOn(site: ComposedSite, day: string): Promise<string[]> {
  const [row] = await site.database.query(
    'select free_times from public.available_slots($1::date, $1::date)',
    [day],
  );
  return (row?.free_times as string[]) ?? [];
}

/** Weekdays from two days ahead whose 10:00 AM the database offers now. */
async function daysWithTenFree(site: ComposedSite): Promise<string[]> {
  const rows = await site.database.query(
    `select to_char(day, 'YYYY-MM-DD') as day from public.available_slots()
     where '10:00 AM' = any (free_times) and day >= private.panama_today() + 2 order by day`,
  );
  return rows.map((row) => String(row.day));
}

const dayAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const compact = (day: string) => day.replace(/-/g, '');

/** An event as the agency's calendar app stores it: one VCALENDAR per event, its own UID. */
function agencyEvent(uid: string, ...lines: string[]): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Agency//Calendar app//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20260101T000000Z',
    'SUMMARY:Client meeting',
    ...lines,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

test("the agency's events close their slots in the form, an insert into one is refused, and deleting them reopens them", async ({
  page,
  site,
}) => {
  const open = await daysWithTenFree(site);
  const single = open[0] as string;
  const weekly = open.find((day) => day !== single && open.includes(dayAfter(day, 7))) as string;
  const allDay = open.find((day) => ![single, weekly, dayAfter(weekly, 7)].includes(day)) as string;
  await radicale.putEvent(
    'meeting.ics',
    agencyEvent(
      'meeting@agency',
      `DTSTART;TZID=America/Panama:${compact(single)}T100000`,
      `DTEND;TZID=America/Panama:${compact(single)}T110000`,
    ),
  );
  await radicale.putEvent(
    'weekly.ics',
    agencyEvent(
      'weekly@agency',
      `DTSTART;TZID=America/Panama:${compact(weekly)}T100000`,
      `DTEND;TZID=America/Panama:${compact(weekly)}T103000`,
      'RRULE:FREQ=WEEKLY;COUNT=4',
    ),
  );
  await radicale.putEvent(
    'offsite.ics',
    agencyEvent(
      'offsite@agency',
      `DTSTART;VALUE=DATE:${compact(allDay)}`,
      `DTEND;VALUE=DATE:${compact(dayAfter(allDay, 1))}`,
    ),
  );

  for (const day of [single, weekly, dayAfter(weekly, 7)])
    await expect.poll(() => freeTimesOn(site, day), WITHIN_READS).not.toContain('10:00 AM');
  await expect.poll(() => freeTimesOn(site, allDay), WITHIN_READS).toEqual([]);

  // The visitor sees them as taken: 10:00 greyed out, the all-day one's date disabled.
  await page.goto(site.url('shell', '/booking'));
  await expect(await dayInPicker(page, allDay)).toBeDisabled();
  await page.keyboard.press('Escape');
  await (await dayInPicker(page, single)).click();
  await expect(field(page, 'preferredTime').locator('option[value="10:00 AM"]')).toBeDisabled();
  await expect(field(page, 'preferredTime').locator('option[value="11:00 AM"]')).toBeEnabled();

  const refusal = await site.database
    .query(
      `insert into public.bookings (full_name, email, phone, company_name, industry, company_size,
         current_marketing, budget, goals, preferred_date, preferred_time)
       values ('Someone Else', 'else@example.com', '+507 6000-0000', 'Else S.A.', 'Retail', '1-10',
         'None', '500-1000', 'Grow', $1, '10:00 AM')`,
      [single],
    )
    .then(
      () => 'stored',
      (error: { code?: string }) => error.code,
    );
  expect(refusal).toBe('BK009');

  await radicale.clear();
  for (const day of [single, weekly, dayAfter(weekly, 7), allDay])
    await expect.poll(() => freeTimesOn(site, day), WITHIN_READS).toContain('10:00 AM');
});

function invitationUidOf(ics: string | null): string {
  const event = new ICAL.Component(ICAL.parse(ics ?? '') as unknown[]).getFirstSubcomponent('vevent');
  return String(event?.getFirstPropertyValue('uid'));
}

function cancelLinkIn(message: MailDevMessage): string {
  const link = /https?:\/\/[^\s"<>]+\/booking\/cancel\?token=[A-Za-z0-9_-]{43}[^\s"<>]*/.exec(
    message.text ?? '',
  )?.[0];
  if (!link) throw new Error(`no cancel link in "${message.subject}"`);
  return link.replace(/&amp;/g, '&');
}

/** The agency calendar's events as [UID, start]. */
/** The change link of a message (the cancel link's token, on /booking/change). */
const changeLinkIn = (message: MailDevMessage) =>
  cancelLinkIn(message).replace('/booking/cancel?', '/booking/change?');

async function agencyEvents(): Promise<[string, string][]> {
  return (await radicale.events()).map(({ data }) => {
    const event = new ICAL.Event(
      new ICAL.Component(ICAL.parse(data) as unknown[]).getFirstSubcomponent('vevent') ?? undefined,
    );
    return [event.uid, event.startDate.toJSDate().toISOString()];
  });
}

test("a booking made through the form lands in the agency's calendar with the invitation's UID; its change link moves it, its cancel link removes it", async ({
  page,
  site,
}) => {
  await page.goto(site.url('shell', '/booking'));
  const day = await fillBooking(page, { daysAhead: 3 });
  await page.getByRole('button', { name: booking('submit') }).click();
  await confirmWithMailedCode(page, site, 'en');
  await expect(page.getByTestId('booking-success')).toHaveText(booking('success'));

  const [confirmation] = (await site.inbox.waitForCount(2, { timeoutMs: 10_000 })).filter((message) =>
    message.to.some(({ address }) => address === BOOKING_TEXT.email),
  );
  if (!confirmation) throw new Error('no confirmation');
  const uid = invitationUidOf(await site.inbox.calendar(confirmation));
  // 2:00 PM in Panama (UTC-5 all year) is 19:00 UTC.
  expect(BOOKING_CHOICES.preferredTime.value).toBe('2:00 PM');
  await expect.poll(agencyEvents, WITHIN_READS).toEqual([[uid, `${day}T19:00:00.000Z`]]);
  // Its own event does not make the booked slot look free or busy to anyone else: it stays held.
  expect(await freeTimesOn(site, day)).not.toContain('2:00 PM');

  // Moved with the change link: the same event (UID) at the new time; the old slot offered again.
  await page.goto(changeLinkIn(confirmation));
  const newDay = await pickBookableDay(page, 4, [day]);
  const newTime = await field(page, 'preferredTime')
    .locator('option:not([disabled]):not([value=""])')
    .first()
    .getAttribute('value');
  if (!newTime) throw new Error(`no free time on ${newDay}`);
  await field(page, 'preferredTime').selectOption(newTime);
  await page.getByRole('button', { name: booking('change.confirm') }).click();
  await expect(page.getByRole('heading', { name: booking('change.states.moved.heading') })).toBeVisible();
  const [clock = '', half] = newTime.split(' ');
  const hour = (Number(clock.split(':')[0]) % 12) + (half === 'PM' ? 12 : 0);
  const newStart = new Date(`${newDay}T${String(hour).padStart(2, '0')}:00:00-05:00`).toISOString();
  await expect.poll(agencyEvents, WITHIN_READS).toEqual([[uid, newStart]]);
  await expect.poll(() => freeTimesOn(site, day), WITHIN_READS).toContain('2:00 PM');
  expect(await freeTimesOn(site, newDay)).not.toContain(newTime);

  await page.goto(cancelLinkIn(confirmation));
  await page.getByRole('button', { name: booking('cancel.confirm') }).click();
  await expect(
    page.getByRole('heading', { name: booking('cancel.states.justCancelled.heading') }),
  ).toBeVisible();
  await expect.poll(agencyEvents, WITHIN_READS).toEqual([]);
  await expect.poll(() => freeTimesOn(site, newDay), WITHIN_READS).toContain(newTime);
});

// A visitor moves their call from the link in the e-mail: a visitor in Buenos Aires books in
// Spanish, follows "Cambiar el horario" from the confirmation in MailDev, picks a new time on the
// change page; the old slot is offered again and the new one is not, both sides get the moved
// message with the same event at a higher SEQUENCE, and the reminder follows the call.
import ICAL from 'ical.js';
import type { MailDevMessage } from 'mailer';
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
} from '../support/bookingForm';
import type { ComposedSite } from '../support/site';

const es = (key: string) => copy('remote-booking', 'es', key);
const mailEs = (key: string) => copy('mailer', 'es', key);

test.beforeEach(async ({ site }) => {
  await site.startBackend();
  await site.startMailDev();
  await clearBookings(site);
  await site.inbox.deleteAll();
});

function eventOf(ics: string | null) {
  if (!ics) throw new Error('the message has no calendar invitation');
  const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  const event = calendar.getFirstSubcomponent('vevent');
  const start = event?.getFirstPropertyValue('dtstart') as ICAL.Time | undefined;
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    uid: String(event?.getFirstPropertyValue('uid')),
    sequence: Number(event?.getFirstPropertyValue('sequence')),
    start: start?.toJSDate().toISOString(),
  };
}

/** The slot's instant, ISO: Panama keeps UTC-5 all year. */
function slotInstant(day: string, time: string): string {
  const [clock = '', half] = time.split(' ');
  const hour = (Number(clock.split(':')[0]) % 12) + (half === 'PM' ? 12 : 0);
  return new Date(`${day}T${String(hour).padStart(2, '0')}:00:00-05:00`).toISOString();
}

function changeLinkIn(message: MailDevMessage): string {
  const link = /https?:\/\/[^\s"<>]+\/booking\/change\?token=[A-Za-z0-9_-]{43}[^\s"<>]*/.exec(
    message.text ?? '',
  )?.[0];
  if (!link) throw new Error(`no change link in "${message.subject}"`);
  return link.replace(/&amp;/g, '&');
}

async function freeTimesOn(site: ComposedSite, day: string): Promise<string[]> {
  const [row] = await site.database.query(
    'select free_times from public.available_slots($1::date, $1::date)',
    [day],
  );
  return (row?.free_times as string[]) ?? [];
}

test('a visitor in Buenos Aires moves the call from the Spanish confirmation: the old slot is free again, both sides get the same event at a higher SEQUENCE, the reminder follows', async ({
  browser,
  site,
}) => {
  const context = await browser.newContext({ timezoneId: 'America/Argentina/Buenos_Aires' });
  const page = await context.newPage();
  await page.goto(site.url('shell', '/booking?lang=es'));
  const oldDay = await fillBooking(page, { daysAhead: 3 });
  const oldTime = BOOKING_CHOICES.preferredTime.value;
  await page.getByRole('button', { name: es('submit') }).click();
  await confirmWithMailedCode(page, site, 'es');
  await expect(page.getByTestId('booking-success')).toHaveText(es('success'));

  const booked = await site.inbox.waitForCount(2, { timeoutMs: 10_000 });
  const confirmation = booked.find((message) => message.to[0]?.address === BOOKING_TEXT.email);
  if (!confirmation) throw new Error('no confirmation');
  expect(confirmation.text).toContain(mailEs('callLinks.change'));
  const booking = eventOf(await site.inbox.calendar(confirmation));
  expect(booking).toMatchObject({ method: 'REQUEST', sequence: 0, start: slotInstant(oldDay, oldTime) });

  // The link from the e-mail, in Spanish: the call in Panama time and in Buenos Aires'.
  const link = changeLinkIn(confirmation);
  expect(link).toContain('lang=es');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: es('change.states.open.heading') })).toBeVisible();
  await expect(page.getByTestId('cancel-local-time')).toHaveText(
    es('availability.localTime').replace('{{time}}', '4:00 p. m.').replace('{{place}}', 'Buenos Aires'),
  );

  // A new day, and its first free time.
  const newDay = await pickBookableDay(page, 4, [oldDay]);
  const newTime = await field(page, 'preferredTime')
    .locator('option:not([disabled]):not([value=""])')
    .first()
    .getAttribute('value');
  if (!newTime) throw new Error(`no free time on ${newDay}`);
  await field(page, 'preferredTime').selectOption(newTime);
  await page.getByRole('button', { name: es('change.confirm') }).click();
  await expect(page.getByRole('heading', { name: es('change.states.moved.heading') })).toBeVisible();

  // The old slot is offered again, the new one is not; one booking, the same row.
  expect(await freeTimesOn(site, oldDay)).toContain(oldTime);
  expect(await freeTimesOn(site, newDay)).not.toContain(newTime);
  const rows = await site.database.query(
    `select to_char(preferred_date, 'YYYY-MM-DD') as day, preferred_time as time, invitation_sequence from public.bookings`,
  );
  expect(rows).toEqual([{ day: newDay, time: newTime, invitation_sequence: 1 }]);

  // Both sides: the moved message, the same event at the new time with a higher SEQUENCE.
  const all = await site.inbox.waitForCount(4, { timeoutMs: 10_000 });
  const moved = all.filter((message) => !booked.some(({ id }) => id === message.id));
  expect(moved.map((message) => message.to[0]?.address).sort()).toEqual(
    [BOOKING_TEXT.email, site.agencyInbox].sort(),
  );
  const toVisitor = moved.find((message) => message.to[0]?.address === BOOKING_TEXT.email);
  const [before, after] = mailEs('moveConfirmation.subject').split('{{organizationName}}');
  expect(toVisitor?.subject.startsWith(before ?? '') && toVisitor.subject.endsWith(after ?? '')).toBe(true);
  for (const message of moved) {
    expect(eventOf(await site.inbox.calendar(message))).toEqual({
      method: 'REQUEST',
      uid: booking.uid,
      sequence: 1,
      start: slotInstant(newDay, newTime),
    });
  }

  // The reminder follows: 24 hours before the new time.
  const [reminder] = await site.database.query(
    `select send_after from private.mail_outbox where kind = 'booking_reminder' and status = 'queued'`,
  );
  expect(new Date(reminder?.send_after as string).getTime()).toBe(
    new Date(slotInstant(newDay, newTime)).getTime() - 24 * 3600_000,
  );

  // The link moved the call once: opened again, it says so.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: es('change.states.link_used.heading') })).toBeVisible();
  await context.close();
});

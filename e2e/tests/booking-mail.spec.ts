// After "Thank you": the booking's mail, read in MailDev's inbox as a visitor and the agency get it,
// with a calendar invitation for the booked slot, and the cancel link from the e-mail to the slot
// offered again, in both languages; and no message lost while the SMTP server is down.
import ICAL from 'ical.js';
import type { MailDevMessage } from 'mailer';
import { test, expect } from '../support/fixtures';
import { copy } from '../support/copy';
import {
  BOOKING_CHOICES,
  clearBookings,
  BOOKING_TEXT,
  fillBooking,
  panamaDaysAhead,
  confirmWithMailedCode,
} from '../support/bookingForm';
import type { ComposedSite } from '../support/site';
import { startShellProcess } from '../support/shellProcess';
import { everyRemoteLoaded } from '../support/shellStatus';

type Language = 'en' | 'es';
const booking = (language: Language, key: string) => copy('remote-booking', language, key);

test.beforeEach(async ({ site }) => {
  await site.startBackend();
  await site.startMailDev();
  await clearBookings(site);
  await site.inbox.deleteAll();
});

interface Invitation {
  method: string;
  uid: string;
  start: Date;
}

function invitationOf(ics: string | null): Invitation {
  if (!ics) throw new Error('the message has no calendar invitation');
  const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  const event = calendar.getFirstSubcomponent('vevent');
  const start = event?.getFirstPropertyValue('dtstart') as ICAL.Time | undefined;
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    uid: String(event?.getFirstPropertyValue('uid')),
    start: start?.toJSDate() ?? new Date(NaN),
  };
}

/** The slot's instant: Panama keeps UTC-5 all year. */
function slotInstant(day: string, time: string): Date {
  const [clock = '', half] = time.split(' ');
  const [hours = 0] = clock.split(':').map(Number);
  const hour24 = (hours % 12) + (half === 'PM' ? 12 : 0);
  return new Date(`${day}T${String(hour24).padStart(2, '0')}:00:00-05:00`);
}

const addressedTo = (messages: MailDevMessage[], address: string) =>
  messages.filter((message) => message.to.some((to) => to.address === address));

function cancelLinkIn(message: MailDevMessage): string {
  const link = /https?:\/\/[^\s"<>]+\/booking\/cancel\?token=[A-Za-z0-9_-]{43}[^\s"<>]*/.exec(
    message.text ?? '',
  )?.[0];
  if (!link) throw new Error(`no cancel link in "${message.subject}"`);
  return link.replace(/&amp;/g, '&');
}

async function bookThroughTheForm(
  page: import('@playwright/test').Page,
  site: ComposedSite,
  language: Language,
) {
  await page.goto(site.url('shell', `/booking${language === 'es' ? '?lang=es' : ''}`));
  const day = await fillBooking(page, { daysAhead: 3 });
  await page.getByRole('button', { name: booking(language, 'submit') }).click();
  await confirmWithMailedCode(page, site, language);
  await expect(page.getByTestId('booking-success')).toHaveText(booking(language, 'success'));
  return day;
}

async function freeTimesOn(site: ComposedSite, day: string): Promise<string[]> {
  const [row] = await site.database.query(
    'select free_times from public.available_slots($1::date, $1::date)',
    [day],
  );
  return (row?.free_times as string[]) ?? [];
}

for (const language of ['en', 'es'] as const) {
  test(`a booking in ${language} brings the visitor and the agency an invitation for the slot, and its cancel link frees it`, async ({
    page,
    site,
    request,
  }) => {
    const day = await bookThroughTheForm(page, site, language);
    const slot = slotInstant(day, BOOKING_CHOICES.preferredTime.value);

    // Within seconds: the visitor's confirmation and the agency's notice.
    const booked = await site.inbox.waitForCount(2, { timeoutMs: 10_000 });
    const [confirmation] = addressedTo(booked, BOOKING_TEXT.email);
    const [notice] = addressedTo(booked, site.agencyInbox);
    if (!confirmation || !notice) throw new Error('a message is missing');
    expect(confirmation.html).toContain(`lang="${language}"`);
    // The header as sent, folded onto a second line after the visitor's encoded name.
    const replyTo = /^Reply-To:.*(?:\r?\n[ \t].*)*/im.exec(await site.inbox.source(notice))?.[0];
    expect(replyTo).toContain(`<${BOOKING_TEXT.email}>`);
    const invitations = [
      invitationOf(await site.inbox.calendar(confirmation)),
      invitationOf(await site.inbox.calendar(notice)),
    ];
    for (const invitation of invitations) {
      expect(invitation.method).toBe('REQUEST');
      expect(invitation.start.toISOString()).toBe(slot.toISOString());
    }
    expect(invitations[0]?.uid).toBe(invitations[1]?.uid);
    expect(await freeTimesOn(site, day)).not.toContain(BOOKING_CHOICES.preferredTime.value);

    // A mail scanner opening the link cancels nothing.
    const link = cancelLinkIn(confirmation);
    expect(link.includes('lang=es')).toBe(language === 'es');
    expect((await request.get(link)).status()).toBe(200);
    const [stillBooked] = await site.database.query('select status from public.bookings');
    expect(stillBooked?.status).toBe('pending');

    // The visitor opens it, in the language they booked in, and presses the button.
    await page.goto(link);
    await expect(
      page.getByRole('heading', { name: booking(language, 'cancel.states.open.heading') }),
    ).toBeVisible();
    await page.getByRole('button', { name: booking(language, 'cancel.confirm') }).click();
    await expect(
      page.getByRole('heading', { name: booking(language, 'cancel.states.justCancelled.heading') }),
    ).toBeVisible();
    const [cancelled] = await site.database.query('select status from public.bookings');
    expect(cancelled?.status).toBe('cancelled');
    expect(await freeTimesOn(site, day)).toContain(BOOKING_CHOICES.preferredTime.value);

    // Both are told, with the same event withdrawn.
    const all = await site.inbox.waitForCount(4, { timeoutMs: 10_000 });
    const withdrawn = all.filter((message) => !booked.some(({ id }) => id === message.id));
    expect(withdrawn.map((message) => message.to[0]?.address).sort()).toEqual(
      [BOOKING_TEXT.email, site.agencyInbox].sort(),
    );
    for (const message of withdrawn) {
      const invitation = invitationOf(await site.inbox.calendar(message));
      expect(invitation).toMatchObject({ method: 'CANCEL', uid: invitations[0]?.uid });
    }

    // The link is used up: it says so, and offers another time.
    await page.goto(link);
    await expect(
      page.getByRole('heading', { name: booking(language, 'cancel.states.used.heading') }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: booking(language, 'cancel.bookAnother') })).toBeVisible();
  });
}

test('a cancel link that is not valid gets a clear page in its language, never an error page', async ({
  page,
  site,
}) => {
  for (const [query, language] of [
    ['', 'en'],
    ['?token=not-a-token&lang=es', 'es'],
    [`?token=${'A'.repeat(43)}`, 'en'],
  ] as const) {
    const response = await page.goto(site.url('shell', `/booking/cancel${query}`));
    expect(response?.status()).toBe(200);
    await expect(
      page.getByRole('heading', { name: booking(language, 'cancel.states.unknown.heading') }),
    ).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  }
});

test("a cancel link's token never reaches the server's log", async ({ site }) => {
  const shell = await startShellProcess({
    SHELL_REGISTRY_FILE: site.registryFile,
    SHELL_LOG_LEVEL: 'info',
  });
  try {
    await everyRemoteLoaded(shell.url);
    const token = 'Zq3'.repeat(14) + 'x';
    expect((await fetch(`${shell.url}/booking/cancel?token=${token}&lang=es`)).status).toBe(200);
    await expect.poll(() => shell.log()).toContain('/booking/cancel?token=[redacted]&lang=es');
    expect(shell.log()).not.toContain(token);
  } finally {
    await shell.close();
  }
});

test('with the SMTP server down while three bookings are made, all six messages arrive once it is back', async ({
  site,
}) => {
  await site.stopMailDev();
  const rows = await site.database.query(
    `select day::text from public.available_slots() where closure is null and day >= $1 order by day limit 3`,
    [panamaDaysAhead(10)],
  );
  for (const [index, row] of rows.entries()) {
    await site.database.query(
      `insert into public.bookings (full_name, email, phone, company_name, industry, company_size,
         current_marketing, budget, goals, preferred_date, preferred_time)
       values ('Visitor ${index}', $2, '+507 6000-0000', 'Visitor S.A.', 'Retail', '1-10', 'None',
         '500-1000', 'Grow', $1, '10:00 AM')`,
      [row.day, `visitor${index}@example.com`],
    );
  }
  // The mailer has tried and failed: the messages wait with their error.
  await expect
    .poll(async () => {
      const [row] = await site.database.query(
        `select count(*)::int as failed from private.mail_outbox
         where last_error is not null and kind <> 'calendar_event'`,
      );
      return row?.failed;
    })
    .toBeGreaterThan(0);

  await site.startMailDev();
  const messages = await site.inbox.waitForCount(6, { timeoutMs: 20_000 });
  expect(messages).toHaveLength(6);
  for (let index = 0; index < 3; index += 1) {
    expect(addressedTo(messages, `visitor${index}@example.com`)).toHaveLength(1);
  }
  expect(addressedTo(messages, site.agencyInbox)).toHaveLength(3);
});

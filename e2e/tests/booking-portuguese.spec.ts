// A visitor in São Paulo books in Portuguese through the form: the form shows São Paulo's time
// beside Panama's; the code mail, the confirmation with its invitation and the cancel and change
// pages its links open all read in Portuguese, the confirmation naming Brazil's time as
// Brazilians do ("horário de Brasília").
import type { MailDevMessage } from 'mailer';
import { test, expect } from '../support/fixtures';
import { copy } from '../support/copy';
import { BOOKING_TEXT, clearBookings, confirmWithMailedCode, fillBooking } from '../support/bookingForm';

test.use({ timezoneId: 'America/Sao_Paulo', locale: 'pt-BR' });

const booking = (key: string) => copy('remote-booking', 'pt', key);
const mail = (key: string) => copy('mailer', 'pt', key);

/** The message's link to a booking page (`/booking/cancel?token=…&lang=pt`), as the visitor clicks it. */
function linkIn(message: MailDevMessage, page: 'cancel' | 'change'): string {
  const found = new RegExp(`https?://[^\\s"<>]+/booking/${page}\\?token=[A-Za-z0-9_-]{43}[^\\s"<>]*`).exec(
    message.text ?? '',
  )?.[0];
  if (!found) throw new Error(`no ${page} link in "${message.subject}"`);
  return found.replace(/&amp;/g, '&');
}

test('a visitor in São Paulo books in Portuguese: the form, the code mail, the confirmation and the cancel and change pages', async ({
  page,
  site,
  pageErrors,
}) => {
  await site.startBackend();
  await site.startMailDev();
  await clearBookings(site);
  await site.inbox.deleteAll();

  await page.goto(site.url('shell', '/booking?lang=pt'));
  await fillBooking(page, { daysAhead: 3 });
  // 2:00 PM in Panama (UTC−5) is 16:00 in São Paulo (UTC−3), in Brazil's 24-hour clock.
  await expect(page.getByTestId('booking-local-time')).toHaveText(
    booking('availability.localTime').replace('{{place}}', 'São Paulo').replace('{{time}}', '16:00'),
  );
  await page.getByRole('button', { name: booking('submit') }).click();

  // The code mail, in Portuguese, before the code is typed.
  const [codeMail] = await site.inbox.waitFor((messages) =>
    messages.some((m) => /\b\d{6}\b/.test(m.subject)),
  );
  expect(codeMail?.subject).toMatch(
    new RegExp(`^${mail('addressCode.subject').replace('{{code}}', '\\d{6}')}$`),
  );
  expect(codeMail?.html).toContain('lang="pt-BR"');
  await confirmWithMailedCode(page, site, 'pt');
  await expect(page.getByTestId('booking-success')).toHaveText(booking('success'));

  // The confirmation: Portuguese, Panama's time and Brasília's, with its invitation.
  const booked = await site.inbox.waitForCount(2, { timeoutMs: 10_000 });
  const confirmation = booked.find((message) => message.to.some((to) => to.address === BOOKING_TEXT.email));
  if (!confirmation) throw new Error('no confirmation');
  expect(confirmation.subject).toBe(
    mail('bookingConfirmation.subject').replace(
      '{{organizationName}}',
      process.env.SITE_NAME || 'Istmo Digital',
    ),
  );
  expect(confirmation.html).toContain('lang="pt-BR"');
  expect(confirmation.text).toContain(mail('brazilTime.brasilia'));
  expect(await site.inbox.calendar(confirmation)).toContain('METHOD:REQUEST');

  // Its change and cancel links open their pages in Portuguese.
  await page.goto(linkIn(confirmation, 'change'));
  await expect(page.getByRole('heading', { name: booking('change.states.open.heading') })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await page.goto(linkIn(confirmation, 'cancel'));
  await expect(page.getByRole('heading', { name: booking('cancel.states.open.heading') })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

// The address step as a visitor meets it (docs/backend.md, "The address step"): after "Request
// Discovery Call" the form mails a code to the address typed, in the page's language and with no
// text of the booker's; a wrong code is said at the field and every answer stays; the right one
// books. One mailbox, however spelled, gets at most three codes a day.
import { callFrom, LOCAL_ANON_KEY, requestCode } from 'local-backend';
import { test, expect } from '../support/fixtures';
import { copy } from '../support/copy';
import {
  BOOKING_CHOICES,
  clearBookings,
  BOOKING_TEXT,
  confirmWithMailedCode,
  expectedRow,
  field,
  fillBooking,
  mailedCode,
  storedBookings,
} from '../support/bookingForm';
import { fetchServerHtml } from '../support/serverHtml';

const booking = (language: 'en' | 'es', key: string) => copy('remote-booking', language, key);

test.beforeEach(async ({ site }) => {
  await site.startBackend();
  await clearBookings(site);
  await site.inbox.deleteAll();
});

for (const language of ['en', 'es'] as const) {
  test(`a visitor confirms the mailed code, after a wrong one said at the field, and the call is booked (${language})`, async ({
    page,
    site,
  }) => {
    await page.goto(site.url('shell', `/booking?lang=${language}`));
    const day = await fillBooking(page);
    await page.getByRole('button', { name: booking(language, 'submit') }).click();

    await expect(page.getByTestId('booking-code-sent')).toContainText(BOOKING_TEXT.email);
    const codeField = page.getByLabel(booking(language, 'codeStep.label'));
    await expect(codeField).toBeFocused();
    await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(codeField).toHaveAttribute('inputmode', 'numeric');

    // The code mail: in the page's language, to the address typed, and nothing the booker wrote.
    const [mail] = await site.inbox.waitForCount(1, { to: BOOKING_TEXT.email });
    if (!mail) throw new Error('no code mail');
    const code = /\b([0-9]{6})\b/.exec(mail.subject)?.[1] ?? '';
    expect(mail.subject).toBe(copy('mailer', language, 'addressCode.subject').replace('{{code}}', code));
    const source = await site.inbox.source(mail);
    for (const typed of [BOOKING_TEXT.fullName, 'Castillo', 'Boquete S.A.', BOOKING_TEXT.goals])
      expect(source).not.toContain(typed);
    expect(mail.attachments ?? []).toEqual([]);

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await codeField.fill(wrong);
    await page.getByRole('button', { name: booking(language, 'codeStep.confirm') }).click();
    await expect(page.getByRole('alert')).toHaveText(booking(language, 'codeStep.problems.wrong'));
    await expect(codeField).toHaveAttribute('aria-invalid', 'true');
    for (const [name, value] of Object.entries(BOOKING_TEXT))
      await expect(field(page, name)).toHaveValue(value);
    expect(await storedBookings(site)).toEqual([]);

    // Pasted with a space, as a phone's mail app copies it.
    await codeField.fill(`${code.slice(0, 3)} ${code.slice(3)}`);
    await page.getByRole('button', { name: booking(language, 'codeStep.confirm') }).click();
    await expect(page.getByTestId('booking-success')).toHaveText(booking(language, 'success'));
    expect(await storedBookings(site)).toEqual([expectedRow(day)]);
  });
}

test('"Change my e-mail" goes back to the e-mail field with every answer kept, and the new address gets the code', async ({
  page,
  site,
}) => {
  await page.goto(site.url('shell', '/booking'));
  await fillBooking(page);
  await page.getByRole('button', { name: booking('en', 'submit') }).click();
  await expect(page.getByLabel(booking('en', 'codeStep.label'))).toBeFocused();
  await page.getByRole('button', { name: booking('en', 'codeStep.changeEmail') }).click();
  await expect(field(page, 'email')).toBeFocused();
  for (const [name, value] of Object.entries(BOOKING_TEXT))
    await expect(field(page, name)).toHaveValue(value);
  for (const [name, choice] of Object.entries(BOOKING_CHOICES))
    await expect(field(page, name)).toHaveValue(choice.value);

  await field(page, 'email').fill('maria@cafeboquete.com.pa');
  await page.getByRole('button', { name: booking('en', 'submit') }).click();
  await confirmWithMailedCode(page, site, 'en', { email: 'maria@cafeboquete.com.pa' });
  await expect(page.getByTestId('booking-success')).toBeVisible();
  const [row] = await storedBookings(site);
  expect(row?.email).toBe('maria@cafeboquete.com.pa');
});

test('five spellings of one Gmail mailbox through the form: at most three codes reach it', async ({
  page,
  site,
}) => {
  // Without the 30 s between codes, so only the daily cap stands between the sends.
  await site.database.query(`update private.booking_settings set address_code_resend_after = '0'`);
  const spellings = [
    'victim@gmail.com',
    'Victim@gmail.com',
    'v.ictim@gmail.com',
    'victim+agency@gmail.com',
    'vic.tim@googlemail.com',
  ];
  try {
    await site.database.query(`delete from private.booking_address_codes where mailbox = 'victim@gmail.com'`);
    await page.goto(site.url('shell', '/booking'));
    await fillBooking(page);
    for (const [index, email] of spellings.entries()) {
      await field(page, 'email').fill(email);
      await page.getByRole('button', { name: booking('en', 'submit') }).click();
      if (index < 3) {
        await expect(page.getByTestId('booking-code-sent')).toContainText(email);
        await page.getByRole('button', { name: booking('en', 'codeStep.changeEmail') }).click();
      } else {
        await expect(page.getByTestId('booking-limited')).toBeVisible();
      }
    }
    const mailbox = (address: string) =>
      address
        .toLowerCase()
        .replace(/\+[^@]*/, '')
        .replace('googlemail.com', 'gmail.com')
        .replace(/\.(?=[^@]*@)/g, '');
    const reached = (await site.inbox.messages()).filter((message) =>
      message.to.some(({ address }) => mailbox(address) === 'victim@gmail.com'),
    );
    expect(reached).toHaveLength(3);
    expect(await storedBookings(site)).toEqual([]);
  } finally {
    await site.database.query(`update private.booking_settings set address_code_resend_after = '30 seconds'`);
  }
});

test("a stranger on another network asks codes for the prospect's address in four spellings and guesses eight; the prospect books with their own", async ({
  page,
  site,
}) => {
  const backendUrl = String(site.backend?.url);
  const stranger = '127.0.2.1';
  await site.database.query(`update private.booking_settings set address_code_resend_after = '0'`);
  try {
    const [local, domain] = BOOKING_TEXT.email.split('@');
    const spellings = [
      `${local}+a@${domain}`,
      BOOKING_TEXT.email.toUpperCase(),
      `${local}+b@${domain}`,
      `${local}+c@${domain}`,
    ];
    const asked = [];
    for (const email of spellings) asked.push((await requestCode(backendUrl, email, stranger)).status);
    expect(asked).toEqual([200, 200, 200, 429]);
    await site.inbox.waitFor((messages) => messages.length >= 3);
    await site.inbox.deleteAll();

    await page.goto(site.url('shell', '/booking'));
    await fillBooking(page);
    await page.getByRole('button', { name: booking('en', 'submit') }).click();
    await expect(page.getByTestId('booking-code-sent')).toContainText(BOOKING_TEXT.email);
    // While the prospect reads their mail, the stranger guesses, with no attempt of theirs.
    for (let i = 0; i < 8; i++) {
      const guess = await callFrom(
        backendUrl,
        '/rest/v1/rpc/verify_booking_code',
        { email: BOOKING_TEXT.email, code: String(i).repeat(6) },
        { from: stranger },
      );
      expect([guess.status, guess.body.details]).toEqual([400, 'code_refused']);
    }
    await confirmWithMailedCode(page, site, 'en');
    await expect(page.getByTestId('booking-success')).toBeVisible();
    expect(await storedBookings(site)).toHaveLength(1);
  } finally {
    await site.database.query(`update private.booking_settings set address_code_resend_after = '30 seconds'`);
  }
});

test("past the address's daily ceiling the form points to the latest mail's link, and that link books the call", async ({
  page,
  site,
}) => {
  const backendUrl = String(site.backend?.url);
  await site.database.query('update private.booking_settings set address_mails_per_day = 2');
  try {
    // A stranger's two networks use up the address's day.
    for (const from of ['127.0.2.1', '127.0.3.1'])
      expect((await requestCode(backendUrl, BOOKING_TEXT.email, from)).status).toBe(200);
    const mails = await site.inbox.waitForCount(2, { to: BOOKING_TEXT.email });

    await page.goto(site.url('shell', '/booking'));
    await fillBooking(page);
    await page.getByRole('button', { name: booking('en', 'submit') }).click();
    // The form names the mail's button by the mail's own words.
    await expect(page.getByTestId('booking-limited')).toContainText(
      copy('mailer', 'en', 'addressCode.linkButton'),
    );

    const latest = mails.reduce((newest, mail) => (mail.time > newest.time ? mail : newest));
    const href = /href="([^"]*\/booking\?address=[^"]+)"/
      .exec(latest.html ?? '')?.[1]
      ?.replaceAll('&amp;', '&');
    if (!href) throw new Error('no link in the code mail');
    await page.goto(href);
    await expect(page.getByTestId('booking-address-note')).toHaveText(booking('en', 'addressLinkNote'));
    const day = await fillBooking(page);
    await page.getByRole('button', { name: booking('en', 'submit') }).click();
    await expect(page.getByTestId('booking-success')).toBeVisible();
    expect(await storedBookings(site)).toEqual([expectedRow(day)]);
    // The link was for one booking.
    const again = await callFrom(backendUrl, '/rest/v1/rpc/redeem_booking_link', {
      email: BOOKING_TEXT.email,
      link: new URL(href).searchParams.get('address'),
    });
    expect(again.body.details).toBe('link_refused');
  } finally {
    await site.database.query('update private.booking_settings set address_mails_per_day = 10');
  }
});

test('without JavaScript the booking page states that a code will be mailed before the call is booked', async ({
  site,
}) => {
  for (const language of ['en', 'es'] as const) {
    const { document } = await fetchServerHtml(site.url('shell', `/booking?lang=${language}`));
    expect(document.querySelector('main form')?.textContent).toContain(booking(language, 'addressNote'));
  }
});

test('a code mail is read once: the next booking of the same visitor needs a new one', async ({
  page,
  site,
}) => {
  await page.goto(site.url('shell', '/booking'));
  await fillBooking(page);
  await page.getByRole('button', { name: booking('en', 'submit') }).click();
  const code = await mailedCode(site);
  await page.getByLabel(booking('en', 'codeStep.label')).fill(code);
  await page.getByRole('button', { name: booking('en', 'codeStep.confirm') }).click();
  await expect(page.getByTestId('booking-success')).toBeVisible();
  // The same code again, straight to the API, answers no pass.
  const answer = await fetch(`${site.backend?.url}/rest/v1/rpc/verify_booking_code`, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email: BOOKING_TEXT.email, code }),
  });
  expect(answer.status).toBe(400);
  expect(await answer.json()).toMatchObject({ code: 'BK007' });
});

// Only real, free slots: the picker and the time select offer what the database would store, say
// why the rest is greyed out, show the visitor's own time, and a slot lost between choosing and
// sending is said as such, in both languages.
import { bookingProof, LOCAL_ANON_KEY } from 'local-backend';
import { test, expect, shellStarted } from '../support/fixtures';
import { copy } from '../support/copy';
import {
  BOOKING_CHOICES,
  clearBookings,
  BOOKING_TEXT,
  field,
  fillBooking,
  panamaDaysAhead,
  pickBookableDay,
  dayInPicker,
  storedBookings,
  confirmWithMailedCode,
} from '../support/bookingForm';
import type { ComposedSite } from '../support/site';

const booking = (language: 'en' | 'es', key: string) => copy('remote-booking', language, key);
const LANGUAGES = ['en', 'es'] as const;
const bookingUrl = (site: ComposedSite, language: 'en' | 'es') =>
  site.url('shell', `/booking${language === 'es' ? '?lang=es' : ''}`);

test.beforeEach(async ({ site }) => {
  await site.startBackend();
  await clearBookings(site);
  await site.database.query(`delete from private.closed_days where source = 'agency'`);
});

/** The first `count` weekdays from a week ahead that the migration's calendar keeps open. */
async function openDays(site: ComposedSite, count: number): Promise<string[]> {
  const rows = await site.database.query(
    `select to_char(day, 'YYYY-MM-DD') as day from public.available_slots()
     where closure is null and day >= private.panama_today() + 7 order by day limit $1`,
    [count],
  );
  return rows.map((row) => String(row.day));
}

/** Stores a booking as the agency would (the owner, past every visitor rule but the free slot). */
async function holdSlot(site: ComposedSite, day: string, time: string) {
  await site.database.query(
    `insert into public.bookings (full_name, email, phone, company_name, industry, company_size,
       current_marketing, budget, goals, preferred_date, preferred_time)
     values ('Someone Else', 'else@example.com', '+507 6000-0000', 'Else S.A.', 'Retail', '1-10',
       'None', '500-1000', 'Grow', $1, $2)`,
    [day, time],
  );
}

for (const language of LANGUAGES) {
  test(`weekends, holidays, closures and full days are disabled and say why (${language})`, async ({
    page,
    site,
  }) => {
    const [full, closed] = await openDays(site, 2);
    // Every time the database offers (private.slot_times(): the eight of docs/product.md §8), held
    // by someone else.
    const times = await site.database.query('select unnest(private.slot_times()) as time');
    for (const { time } of times) await holdSlot(site, String(full), String(time));
    await site.database.query(`insert into private.closed_days (day, name) values ($1, 'Team retreat')`, [
      closed,
    ]);
    const [holiday] = await site.database.query(
      `select to_char(day, 'YYYY-MM-DD') as day from private.closed_days where source = 'date-holidays'
         and extract(isodow from day) < 6 and day > private.panama_today() + 1
         and day <= private.panama_today() + 80 order by day limit 1`,
    );
    await page.goto(bookingUrl(site, language));
    await expect(page.getByTestId('booking-rules')).toHaveText(booking(language, 'availability.rules'));

    const cases: [string, string][] = [
      [String(full), 'full'],
      [String(closed), 'closed'],
      ...(holiday ? [[String(holiday.day), 'holiday'] as [string, string]] : []),
    ];
    for (const [day, reason] of cases) {
      const button = await dayInPicker(page, day);
      const said = booking(language, `availability.reasons.${reason}`);
      await expect(button).toBeDisabled();
      await expect(button).toHaveAttribute('title', said);
      await expect(button).toHaveAttribute('aria-label', new RegExp(`, ${said}$`));
      await page.keyboard.press('Escape');
    }
    const saturday = Array.from({ length: 7 }, (_, offset) => panamaDaysAhead(offset + 2)).find(
      (day) => new Date(`${day}T12:00:00Z`).getUTCDay() === 6,
    ) as string;
    const weekend = await dayInPicker(page, saturday);
    await expect(weekend).toBeDisabled();
    await expect(weekend).toHaveAttribute('title', booking(language, 'availability.reasons.weekend'));
    await expect(page.getByRole('dialog')).toContainText(booking(language, 'availability.legend'));
  });

  test(`a booked time is greyed out in the time select, with a hint why (${language})`, async ({
    page,
    site,
  }) => {
    const [day] = await openDays(site, 1);
    await holdSlot(site, String(day), '10:00 AM');
    await page.goto(bookingUrl(site, language));
    await (await dayInPicker(page, String(day))).click();
    await expect(field(page, 'preferredTime').locator('option[value="10:00 AM"]')).toBeDisabled();
    await expect(field(page, 'preferredTime').locator('option[value="11:00 AM"]')).toBeEnabled();
    await expect(page.getByTestId('booking-times-greyed')).toHaveText(
      booking(language, 'availability.timesGreyed'),
    );
  });
}

test('the server-rendered page already holds the free slots, and the rules read without JavaScript', async ({
  browser,
  site,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(site.url('shell', '/booking?lang=es'));
  await expect(page.getByTestId('booking-rules')).toHaveText(booking('es', 'availability.rules'));
  const embedded = JSON.parse((await page.locator('#booking-availability').textContent()) ?? 'null') as {
    day: string;
  }[];
  expect(embedded[0]?.day).toBe(panamaDaysAhead(0));
  expect(embedded.length).toBeGreaterThan(60);
  await context.close();
});

for (const language of LANGUAGES) {
  test(`a visitor in Buenos Aires sees the chosen time in their own time too (${language})`, async ({
    browser,
    site,
  }) => {
    const context = await browser.newContext({ timezoneId: 'America/Argentina/Buenos_Aires' });
    const page = await context.newPage();
    await page.goto(bookingUrl(site, language));
    await shellStarted(page);
    await pickBookableDay(page, 7);
    await field(page, 'preferredTime').selectOption('2:00 PM');
    // 2:00 PM in Panama (UTC−5) is 4:00 PM in Buenos Aires (UTC−3).
    const local = language === 'en' ? '4:00 PM' : '4:00 p. m.';
    await expect(page.getByTestId('booking-local-time')).toHaveText(
      booking(language, 'availability.localTime')
        .replace('{{time}}', local)
        .replace('{{place}}', 'Buenos Aires'),
    );
    await context.close();
  });
}

test('a visitor in Panama sees no second time', async ({ browser, site }) => {
  const context = await browser.newContext({ timezoneId: 'America/Panama' });
  const page = await context.newPage();
  await page.goto(bookingUrl(site, 'en'));
  await shellStarted(page);
  await pickBookableDay(page, 7);
  await field(page, 'preferredTime').selectOption('2:00 PM');
  await expect(page.getByTestId('booking-local-time')).toHaveCount(0);
  await context.close();
});

for (const language of LANGUAGES) {
  test(`two visitors send the same slot: one is stored, the other is told it was just taken and keeps every field (${language})`, async ({
    browser,
    site,
  }) => {
    const [first, second] = await Promise.all([browser.newContext(), browser.newContext()]);
    const [ana, bruno] = await Promise.all([first.newPage(), second.newPage()]);
    await Promise.all([ana.goto(bookingUrl(site, language)), bruno.goto(bookingUrl(site, language))]);
    await Promise.all([shellStarted(ana), shellStarted(bruno)]);
    const day = await fillBooking(ana, { daysAhead: 7 });
    expect(await fillBooking(bruno, { daysAhead: 7 })).toBe(day);
    await field(bruno, 'email').fill('bruno@example.com');

    // Bruno is asked for his code while the slot is still free; Ana books it meanwhile.
    await bruno.locator('form button[type="submit"]').click();
    await expect(bruno.getByLabel(booking(language, 'codeStep.label'))).toBeFocused();
    await ana.locator('form button[type="submit"]').click();
    await confirmWithMailedCode(ana, site, language);
    await expect(ana.getByTestId('booking-success')).toBeVisible();
    await confirmWithMailedCode(bruno, site, language, { email: 'bruno@example.com' });

    await expect(bruno.getByTestId('booking-slot-lost')).toHaveText(booking(language, 'slotTaken'));
    for (const [name, value] of Object.entries(BOOKING_TEXT))
      if (name !== 'email') await expect(field(bruno, name)).toHaveValue(value);
    await expect(field(bruno, 'email')).toHaveValue('bruno@example.com');
    await expect(field(bruno, 'preferredTime')).toHaveValue(BOOKING_CHOICES.preferredTime.value);
    await expect(
      field(bruno, 'preferredTime').locator(`option[value="${BOOKING_CHOICES.preferredTime.value}"]`),
    ).toBeDisabled();
    await expect(bruno.getByTestId('booking-time-error')).toHaveText(
      booking(language, 'validation.timeTaken'),
    );
    expect(await storedBookings(site)).toHaveLength(1);

    // Choosing another time sends, without another code: the lost slot did not spend his pass.
    await field(bruno, 'preferredTime').selectOption('3:00 PM');
    await bruno.locator('form button[type="submit"]').click();
    await expect(bruno.getByTestId('booking-success')).toBeVisible();
    expect(await storedBookings(site)).toHaveLength(2);
    await Promise.all([first.close(), second.close()]);
  });
}

/**
 * A pass for one insert of `email` with the address step turned off (the test turns it off: the
 * step's own tests read codes from MailDev): a proof paid to request_booking_code.
 */
async function addressPass(backendUrl: string, email: string): Promise<string> {
  const response = await fetch(`${backendUrl}/rest/v1/rpc/request_booking_code`, {
    method: 'POST',
    headers: {
      apikey: LOCAL_ANON_KEY,
      'content-type': 'application/json',
      'x-booking-proof': await bookingProof(backendUrl),
    },
    body: JSON.stringify({ email }),
  });
  const answer = (await response.json()) as { pass?: string };
  if (!answer.pass) throw new Error(`request_booking_code answered ${JSON.stringify(answer)}`);
  return answer.pass;
}

test("ten visitors' inserts of one free slot at the same moment store exactly one; nine are told it is taken", async ({
  site,
}) => {
  const backend = await site.startBackend();
  const [day] = await openDays(site, 1);
  await site.database.query('update private.booking_settings set verify_booking_address = false');
  const passes = await Promise.all(
    Array.from({ length: 10 }, (_, index) => addressPass(backend.url, `visitor${index}@example.com`)),
  ).finally(() => site.database.query('update private.booking_settings set verify_booking_address = true'));
  const answers = await Promise.all(
    passes.map((pass, index) =>
      fetch(`${backend.url}/rest/v1/bookings`, {
        method: 'POST',
        headers: {
          apikey: LOCAL_ANON_KEY,
          'content-type': 'application/json',
          'x-booking-address-pass': pass,
        },
        body: JSON.stringify({
          full_name: `Visitor ${index}`,
          email: `visitor${index}@example.com`,
          phone: '+507 6123-4567',
          company_name: 'Café Boquete S.A.',
          industry: 'Food & Beverage',
          company_size: '11-50',
          current_marketing: 'Instagram',
          budget: '1000-2500',
          goals: 'Sell more coffee',
          preferred_date: day,
          preferred_time: '3:00 PM',
          status: 'pending',
        }),
      }).then(async (answer) =>
        `${answer.status} ${((await answer.json().catch(() => ({}))) as { code?: string }).code ?? ''}`.trim(),
      ),
    ),
  );
  expect(answers.sort()).toEqual(['201', ...Array<string>(9).fill('409 PT409')]);
  expect(await storedBookings(site)).toHaveLength(1);
});

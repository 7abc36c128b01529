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
  forgetVisitorsEmail,
  mailedCode,
  openDatePicker,
  panamaDaysAhead,
  storedBookings,
  storedDay,
} from '../support/bookingForm';

const booking = (language: 'en' | 'es', key: string) => copy('remote-booking', language, key);
const WHERE = [
  { name: 'composed site', app: 'shell' },
  { name: 'booking harness', app: 'booking' },
] as const;

test.beforeEach(async ({ site }) => {
  await site.startBackend();
  await clearBookings(site);
});

for (const where of WHERE) {
  for (const language of ['en', 'es'] as const) {
    test(`a booking typed with the keyboard alone is stored exactly (${where.name}, ${language})`, async ({
      page,
      site,
    }) => {
      await page.goto(site.url(where.app, `/booking${language === 'es' ? '?lang=es' : ''}`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(booking(language, 'title'));
      await field(page, 'fullName').focus();
      const type = async (text: string) => {
        await page.keyboard.type(text);
        await page.keyboard.press('Tab');
      };
      const choose = async (index: number) => {
        for (let step = 0; step < index; step += 1) await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Tab');
      };
      await type(BOOKING_TEXT.fullName);
      await type(BOOKING_TEXT.email);
      await type(BOOKING_TEXT.phone);
      // The date picker: Enter opens it on today (or the first free day), two weeks down
      // (disabled days are skipped), Enter picks and closes.
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog').getByRole('grid')).toBeVisible();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog')).toBeHidden();
      await expect(field(page, 'preferredDate')).toBeFocused();
      await page.keyboard.press('Tab');
      await choose(BOOKING_CHOICES.preferredTime.index);
      await type(BOOKING_TEXT.companyName);
      await type(BOOKING_TEXT.website);
      await type(BOOKING_TEXT.industry);
      await choose(BOOKING_CHOICES.companySize.index);
      await type(BOOKING_TEXT.currentMarketing);
      await choose(BOOKING_CHOICES.budget.index);
      await type(BOOKING_TEXT.goals);
      await type(BOOKING_TEXT.additionalInfo);
      await page.keyboard.press('Enter');
      // The address step, by keyboard too: the focus is in the code field, Enter confirms.
      await confirmWithMailedCode(page, site, language, { keyboard: true });

      await expect(page.getByTestId('booking-success')).toHaveText(booking(language, 'success'));
      const day = await storedDay(site);
      expect(day >= panamaDaysAhead(14)).toBe(true);
      expect(await storedBookings(site)).toEqual([expectedRow(day)]);
      await expect(field(page, 'fullName')).toHaveValue('');
      await expect(field(page, 'preferredDate')).toHaveText(booking(language, 'datePicker.placeholder'));
    });
  }
}

test('what a visitor types before the page hydrates is kept, and the booking stores it', async ({
  page,
  site,
}) => {
  // Hold the shell's script back, as a slow phone network would: the visitor types into the
  // server's HTML, before React has attached anything to it.
  let releaseScript = () => {};
  const scriptHeld = new Promise<void>((resolve) => (releaseScript = resolve));
  await page.route('**/main.js', async (route) => {
    await scriptHeld;
    await route.continue();
  });
  await page.goto(site.url('shell', '/booking?lang=es'), { waitUntil: 'domcontentloaded' });
  await field(page, 'fullName').fill(BOOKING_TEXT.fullName);
  await field(page, 'companySize').selectOption(BOOKING_CHOICES.companySize.value);
  // Until then the button cannot send the bare HTML form (the page would reload, the text in its URL).
  await expect(page.locator('form button[type="submit"]')).toBeDisabled();
  releaseScript();
  await expect
    .poll(() => page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).length > 0))
    .toBe(true);
  // Typing in the other fields re-renders the form: the early text must survive it.
  const day = await fillBooking(page, { except: ['fullName', 'companySize'] });
  await expect(field(page, 'fullName')).toHaveValue(BOOKING_TEXT.fullName);
  await page.locator('form button[type="submit"]').click();
  await confirmWithMailedCode(page, site, 'es');
  await expect(page.getByTestId('booking-success')).toHaveText(booking('es', 'success'));
  expect(await storedBookings(site)).toEqual([expectedRow(day)]);
});

test('with the backend down the form keeps every field and says so; once it is back the same form sends', async ({
  page,
  site,
}) => {
  await page.goto(site.url('shell', '/booking?lang=es'));
  const day = await fillBooking(page);
  await site.stopBackend();
  const submit = page.getByRole('button', { name: booking('es', 'submit') });
  await submit.click();
  await expect(page.getByTestId('booking-error')).toHaveText(booking('es', 'error'));
  for (const [name, value] of Object.entries(BOOKING_TEXT))
    await expect(field(page, name)).toHaveValue(value);
  for (const [name, choice] of Object.entries(BOOKING_CHOICES))
    await expect(field(page, name)).toHaveValue(choice.value);
  await expect(field(page, 'preferredDate')).not.toHaveText(booking('es', 'datePicker.placeholder'));
  await expect(submit).toBeEnabled();

  await site.startBackend();
  await submit.click();
  await confirmWithMailedCode(page, site, 'es');
  await expect(page.getByTestId('booking-success')).toHaveText(booking('es', 'success'));
  await expect(page.getByTestId('booking-error')).toBeHidden();
  expect(await storedBookings(site)).toEqual([expectedRow(day)]);
});

test('while sending, the button says so and is disabled; a double click stores one booking', async ({
  page,
  site,
}) => {
  await page.goto(site.url('shell', '/booking'));
  await fillBooking(page);
  // Slow the insert down so the submitting state can be seen.
  await page.route('**/rest/v1/bookings*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  const submit = page.locator('form button[type="submit"]');
  await submit.dblclick();
  const code = await mailedCode(site);
  await page.getByLabel(booking('en', 'codeStep.label')).fill(code);
  const confirm = page.getByRole('button', { name: booking('en', 'codeStep.confirm') });
  await confirm.dblclick();
  await expect(submit).toHaveText(booking('en', 'submitting'));
  await expect(submit).toBeDisabled();
  await expect(page.getByTestId('booking-success')).toBeVisible();
  expect(await storedBookings(site)).toHaveLength(1);
});

const REQUIRED = [
  'fullName',
  'email',
  'phone',
  'preferredTime',
  'companyName',
  'industry',
  'companySize',
  'currentMarketing',
  'budget',
  'goals',
];

for (const language of ['en', 'es'] as const) {
  test(`each required field left empty is reported in the page language and nothing is sent (${language})`, async ({
    page,
    site,
  }) => {
    let requests = 0;
    page.on('request', (request) => {
      if (request.url().includes('/rest/v1/bookings')) requests += 1;
    });
    await page.goto(site.url('shell', `/booking${language === 'es' ? '?lang=es' : ''}`));
    const submit = page.locator('form button[type="submit"]');
    // One filled form, each required field emptied in turn and given back its value.
    await fillBooking(page);
    for (const name of REQUIRED) {
      const control = field(page, name);
      const isSelect = (await control.evaluate((element) => element.tagName)) === 'SELECT';
      const value = await control.inputValue();
      await (isSelect ? control.selectOption('') : control.fill(''));
      await submit.click();
      await expect(control).toHaveJSProperty('validationMessage', booking(language, 'validation.required'));
      await expect(control).toBeFocused();
      await (isSelect ? control.selectOption(value) : control.fill(value));
    }
    await page.reload();
    await fillBooking(page, { except: ['preferredDate'] });
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText(booking(language, 'validation.required'));
    await expect(field(page, 'preferredDate')).toBeFocused();
    await expect(field(page, 'preferredDate')).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toBe(0);
    expect(await storedBookings(site)).toHaveLength(0);
  });
}

test('a wrong e-mail, phone or website, or a field of spaces, is explained in the page language before anything is sent', async ({
  page,
  site,
}) => {
  let requests = 0;
  page.on('request', (request) => {
    if (request.url().includes('/rest/v1/bookings')) requests += 1;
  });
  await page.goto(site.url('booking', '/booking?lang=es'));
  await fillBooking(page);
  const submit = page.locator('form button[type="submit"]');
  for (const [name, value, message] of [
    ['email', 'maria@', 'validation.email'],
    // The browser's own e-mail check takes these; the database does not, so neither does the form.
    ['email', 'maria@cafe', 'validation.email'],
    // Addresses the mail stack cannot deliver to: the confirmation could never reach them.
    ['email', 'maria@cafe.pa.', 'validation.email'],
    ['email', 'maría@cafe.pa', 'validation.email'],
    // A tab pasted into a multi-line answer: only line breaks are kept there.
    ['goals', 'Sell more\tcoffee', 'validation.controlMultiLine'],
    ['phone', 'llámame', 'validation.phone'],
    ['website', 'cafeboquete.com.pa', 'validation.url'],
    ['website', 'ftp://cafeboquete.com.pa', 'validation.url'],
    ['fullName', '   ', 'validation.required'],
    ['goals', '  ', 'validation.required'],
  ] as const) {
    const original = await field(page, name).inputValue();
    await field(page, name).fill(value);
    await submit.click();
    await expect(field(page, name)).toHaveJSProperty('validationMessage', booking('es', message));
    await expect(field(page, name)).toBeFocused();
    await field(page, name).fill(original);
  }
  expect(requests).toBe(0);
  expect(await storedBookings(site)).toHaveLength(0);
});

test('a day before today cannot be picked, nor a month in the past shown', async ({ page, site }) => {
  await page.goto(site.url('shell', '/booking'));
  const dialog = await openDatePicker(page);
  await expect(dialog.getByRole('button', { name: /previous month/i })).toBeDisabled();
  const yesterday = panamaDaysAhead(-1);
  const cell = page.locator(`[data-day="${yesterday}"] button`);
  if ((await cell.count()) > 0) {
    await expect(cell).toBeDisabled();
    await cell.click({ force: true });
    await expect(dialog).toBeVisible();
  }
  await page.keyboard.press('Escape');
  await expect(field(page, 'preferredDate')).toHaveText(booking('en', 'datePicker.placeholder'));
  await expect(field(page, 'preferredDate')).toBeFocused();
});

/** A message with <tag>…</tag> links and {{values}}, as a visitor reads it. */
function asRead(message: string, values: Record<string, string>): string {
  return message.replace(/<\/?\w+>/g, '').replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

for (const language of ['en', 'es'] as const) {
  test(`an e-mail the database has taken three bookings for today is refused; the form keeps every field and offers the agency's e-mail and phone (${language})`, async ({
    page,
    site,
    pageErrors,
  }) => {
    // Three bookings already logged for this visitor's e-mail, as the migration logs them.
    await site.database.query(
      "insert into private.booking_requests (client_address, email) select '127.0.0.1', lower($1) from generate_series(1, 3)",
      [BOOKING_TEXT.email],
    );
    await page.goto(site.url('shell', `/booking?lang=${language}`));
    await fillBooking(page);
    const answer = page.waitForResponse('**/rest/v1/bookings*');
    await page.getByRole('button', { name: booking(language, 'submit') }).click();
    await confirmWithMailedCode(page, site, language);
    expect((await answer).status()).toBe(429);

    const message = page.getByTestId('booking-limited');
    await expect(message).toHaveText(
      asRead(booking(language, 'limited'), { email: 'hello@example.com', phone: '+507 6000-0000' }),
    );
    await expect(message.getByRole('link', { name: 'hello@example.com' })).toHaveAttribute(
      'href',
      'mailto:hello@example.com',
    );
    for (const [name, value] of Object.entries(BOOKING_TEXT))
      await expect(field(page, name)).toHaveValue(value);
    for (const [name, choice] of Object.entries(BOOKING_CHOICES))
      await expect(field(page, name)).toHaveValue(choice.value);
    expect(await storedBookings(site)).toEqual([]);
    expect(pageErrors.join('\n')).toContain('429');

    // An operator forgets the e-mail (docs/operator.md, "When a real client hits a limit"): the same form then goes through.
    await forgetVisitorsEmail(site);
    await page.getByRole('button', { name: booking(language, 'submit') }).click();
    // Her address is proven already: a refused booking does not spend its pass.
    await expect(page.getByTestId('booking-success')).toBeVisible();
    expect(await storedBookings(site)).toHaveLength(1);
  });
}

test('a bot that fills the hidden honeypot field is told its booking was sent, and nothing is stored', async ({
  page,
  site,
}) => {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/rest/v1/bookings')) requests.push(request.url());
  });
  await page.goto(site.url('shell', '/booking'));
  await fillBooking(page);
  const trap = field(page, 'homepage');
  await expect(trap).toHaveAttribute('tabindex', '-1');
  await trap.fill('https://cheap-pills.example');
  await page.getByRole('button', { name: booking('en', 'submit') }).click();
  await expect(page.getByTestId('booking-success')).toHaveText(booking('en', 'success'));
  expect(requests).toEqual([]);
  expect(await storedBookings(site)).toEqual([]);
});

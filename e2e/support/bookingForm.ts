import type { Language } from './languages';
import { expect, type Locator, type Page } from '@playwright/test';
import type { MailDevMessage } from 'mailer';
import { copy } from './copy';
import type { ComposedSite } from './site';

/** What a visitor types into the booking form, by field name (docs/product.md §6). */
export const BOOKING_TEXT = {
  fullName: 'María Fernanda Castillo',
  email: 'maria.castillo@cafeboquete.com.pa',
  phone: '+507 6123-4567',
  companyName: 'Café Boquete S.A.',
  website: 'https://cafeboquete.com.pa',
  industry: 'Food & Beverage',
  currentMarketing: 'Instagram twice a week, no paid ads.',
  goals: 'Sell more coffee online in the US and Europe.',
  additionalInfo: 'Calls in Spanish, please.',
} as const;

/** Options picked, with their position in each select (after the "Select..." placeholder). */
export const BOOKING_CHOICES = {
  preferredTime: { value: '2:00 PM', index: 6 },
  companySize: { value: '11-50', index: 2 },
  budget: { value: '1000-2500', index: 2 },
} as const;

/** Panama's date `days` days after Panama's today: the slots' calendar. */
export function panamaDaysAhead(days: number): string {
  const panamaToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Panama' }).format(new Date());
  const date = new Date(`${panamaToday}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The row the form must store for BOOKING_TEXT and BOOKING_CHOICES on the given day. */
export function expectedRow(preferredDate: string) {
  return {
    full_name: BOOKING_TEXT.fullName,
    email: BOOKING_TEXT.email,
    phone: BOOKING_TEXT.phone,
    company_name: BOOKING_TEXT.companyName,
    website: BOOKING_TEXT.website,
    industry: BOOKING_TEXT.industry,
    company_size: BOOKING_CHOICES.companySize.value,
    current_marketing: BOOKING_TEXT.currentMarketing,
    budget: BOOKING_CHOICES.budget.value,
    goals: BOOKING_TEXT.goals,
    preferred_date: preferredDate,
    preferred_time: BOOKING_CHOICES.preferredTime.value,
    additional_info: BOOKING_TEXT.additionalInfo,
    status: 'pending',
  };
}

export async function storedBookings(site: ComposedSite) {
  return site.database.query(
    `select full_name, email, phone, company_name, website, industry, company_size, current_marketing, budget,
            goals, to_char(preferred_date, 'YYYY-MM-DD') as preferred_date, preferred_time, additional_info, status
     from public.bookings order by created_at`,
  );
}

/**
 * Every test books as the same visitor (BOOKING_TEXT.email), and the database allows one e-mail 3
 * bookings in 24 hours, locally as in production; a worker's backend outlives its tests. So a test
 * that books forgets her earlier bookings in the limits' log first, as an operator would for a
 * real client (docs/operator.md, "When a real client hits a limit"). The per-address and site-wide limits need nothing: the
 * local backend raises them far above what the suite sends from 127.0.0.1.
 */
export async function forgetVisitorsEmail(site: ComposedSite): Promise<void> {
  await site.database.query('delete from private.booking_requests where email = private.mailbox_of($1)', [
    BOOKING_TEXT.email,
  ]);
  // The codes of every visitor of the suite too (Maria, Bruno, ...): a mailbox gets three a day,
  // and one each 30 seconds.
  await site.database.query('delete from private.booking_address_codes');
}

/**
 * A booking test's clean start: no bookings, no mail owed, no codes, her limits forgotten. A message
 * the mailer claimed before the truncate still reaches MailDev after it, and a test counting its own
 * mail would read the last test's confirmation; so this waits until no claim is in flight, and
 * checks and truncates in one statement, with the outbox locked against a new claim in between.
 */
export async function clearBookings(site: ComposedSite): Promise<void> {
  await expect
    .poll(
      () =>
        site.database.query(CLEAR_BOOKINGS_WHEN_NO_MAIL_IN_FLIGHT).then(
          () => 'cleared',
          (error: { code?: string }) => {
            if (error.code === MAIL_IN_FLIGHT) return 'a message the mailer claimed is still being sent';
            throw error;
          },
        ),
      { timeout: 45_000, message: 'the mailer finishing the message it claimed' },
    )
    .toBe('cleared');
  await forgetVisitorsEmail(site);
}

const MAIL_IN_FLIGHT = '55006';
const CLEAR_BOOKINGS_WHEN_NO_MAIL_IN_FLIGHT = `
  do $$
  begin
    lock table private.mail_outbox in exclusive mode;
    if exists (select from private.mail_outbox where status = 'queued' and locked_until > now()) then
      raise exception 'mail in flight' using errcode = '${MAIL_IN_FLIGHT}';
    end if;
    truncate public.bookings, private.mail_outbox cascade;
  end $$`;

/** A code mail to `email`: the address step's message, with no invitation and six digits in its subject. */
function isCodeMail(email: string) {
  return (message: MailDevMessage) =>
    message.to.some(({ address }) => address === email) &&
    !message.attachments?.length &&
    /\b[0-9]{6}\b/.test(message.subject);
}

/**
 * The code the mailer sent to `email` (the newest), read in MailDev as the visitor reads it. The
 * message is deleted once read, so a test of the booking's own mail counts only those.
 */
export async function mailedCode(site: ComposedSite, email: string = BOOKING_TEXT.email): Promise<string> {
  const codes = (await site.inbox.waitFor((messages) => messages.some(isCodeMail(email)))).filter(
    isCodeMail(email),
  );
  const newest = codes.reduce((latest, message) => (message.time > latest.time ? message : latest));
  await site.inbox.delete(newest);
  const code = /\b([0-9]{6})\b/.exec(newest.subject)?.[1];
  if (!code) throw new Error(`No code in "${newest.subject}"`);
  return code;
}

/**
 * The address step as a visitor meets it after pressing send: the form says it mailed a code and
 * puts the focus in the code field; the visitor reads the mail, types the code and confirms (with
 * Enter when `keyboard`).
 */
export async function confirmWithMailedCode(
  page: Page,
  site: ComposedSite,
  language: Language,
  { email = BOOKING_TEXT.email as string, keyboard = false } = {},
): Promise<void> {
  const codeField = page.getByLabel(copy('remote-booking', language, 'codeStep.label'));
  await expect(codeField).toBeFocused();
  const code = await mailedCode(site, email);
  if (keyboard) {
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    return;
  }
  await codeField.fill(code);
  await page.getByRole('button', { name: copy('remote-booking', language, 'codeStep.confirm') }).click();
}

export const field = (page: Page, name: string) => page.locator(`form [name="${name}"]`);

/**
 * Opens the picker and picks the first day it offers at least `daysAhead` days after Panama's
 * today (weekends, holidays and full days are disabled), turning months as needed; returns it.
 */
export async function pickBookableDay(
  page: Page,
  daysAhead = 3,
  skip: readonly string[] = [],
): Promise<string> {
  const earliest = panamaDaysAhead(daysAhead);
  const dialog = await openDatePicker(page);
  for (let month = 0; month < 4; month += 1) {
    const offered = await dialog
      .locator('.rdp-day:not(.rdp-outside) button:not([disabled])')
      .evaluateAll((buttons) => buttons.map((button) => button.parentElement?.dataset.day ?? ''));
    const day = offered.find((candidate) => candidate >= earliest && !skip.includes(candidate));
    if (day) {
      await dialog.locator(`[data-day="${day}"] button`).click();
      await expect(dialog).toBeHidden();
      return day;
    }
    await showNextMonth(page);
  }
  throw new Error(`No day offered from ${earliest}`);
}

/**
 * The open date picker once its month grid is there: the grid is a chunk of its own, and a picker
 * opened before it has arrived shows "Loading the calendar…" (which holds the focus) meanwhile.
 */
export async function shownMonthGrid(page: Page): Promise<Locator> {
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('grid')).toBeVisible();
  return dialog;
}

/** Opens the booking form's date picker with a click; returns its dialog once the grid is there. */
export async function openDatePicker(page: Page): Promise<Locator> {
  await field(page, 'preferredDate').click();
  return shownMonthGrid(page);
}

/** Opens the date picker and turns it to `day`'s month (at most four turns); returns its button. */
export async function dayInPicker(page: Page, day: string): Promise<Locator> {
  const dialog = await openDatePicker(page);
  const button = dialog.locator(`[data-day="${day}"] button`);
  for (let turns = 0; turns < 4 && (await button.count()) === 0; turns += 1) await showNextMonth(page);
  return button;
}

/** Turns the open picker to the next month and waits until it shows it. */
export async function showNextMonth(page: Page): Promise<void> {
  const caption = page.getByRole('dialog').locator('.rdp-month_caption');
  const shown = await caption.textContent();
  await page.getByRole('dialog').locator('.rdp-button_next').click();
  await expect(caption).not.toHaveText(shown ?? '');
}

/**
 * Picks the first day `daysAhead` days ahead on which BOOKING_CHOICES' time is still free (an
 * earlier test of the worker may hold it on the first free day); returns it.
 */
async function pickDayWithChosenTimeFree(page: Page, daysAhead: number): Promise<string> {
  const time = field(page, 'preferredTime').locator(`option[value="${BOOKING_CHOICES.preferredTime.value}"]`);
  const taken: string[] = [];
  for (;;) {
    const day = await pickBookableDay(page, daysAhead, taken);
    if (await time.isEnabled()) return day;
    taken.push(day);
  }
}

/**
 * Fills every field with the mouse and the fill API (not the keyboard-only path); the date is the
 * first day `daysAhead` days ahead where the chosen time is free, which it returns ('' when the
 * date is left out).
 */
export async function fillBooking(page: Page, { except = [] as string[], daysAhead = 3 } = {}) {
  for (const [name, value] of Object.entries(BOOKING_TEXT)) {
    if (!except.includes(name)) await field(page, name).fill(value);
  }
  const day = except.includes('preferredDate') ? '' : await pickDayWithChosenTimeFree(page, daysAhead);
  for (const [name, choice] of Object.entries(BOOKING_CHOICES)) {
    if (!except.includes(name)) await field(page, name).selectOption(choice.value);
  }
  return day;
}

/** The one row stored, or fails. */
export async function storedDay(site: ComposedSite): Promise<string> {
  const [row, ...more] = await storedBookings(site);
  expect(more).toHaveLength(0);
  return String(row?.preferred_date);
}

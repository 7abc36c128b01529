import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  ADDRESS_NOT_BOOKABLE,
  BOOKING_ADDRESS_PASS_HEADER,
  BOOKING_ADDRESS_UNPROVEN,
  MULTI_LINE_COLUMNS,
  MULTI_LINE_FORBIDDEN,
  ONE_LINE_FORBIDDEN,
  PHONE_PATTERN,
  EMAIL_PATTERN,
  REQUEST_ADDRESS_CODE_FUNCTION,
  bookingFieldProblem,
  type BookingFieldColumn,
  WEBSITE_PATTERN,
  BOOKING_MAX_LENGTH,
  BOOKING_REQUIRED,
  BUDGETS,
  COMPANY_SIZES,
  PREFERRED_TIMES,
  type BookingInsert,
} from 'supabase-schema';
import { MIGRATIONS_DIR } from './database/migrations';
import { supabaseAs, validBooking } from './testing/testBackend';
import { setUpTestBackend } from './testing/setUpTestBackend';
import { bookableDays } from './testing/testCalendar';

const backend = setUpTestBackend({ liftBookingLimits: true, forgetBookingsBeforeEach: false });

async function bookingCount(): Promise<number> {
  const [row] = await backend.database.query('select count(*)::int as count from public.bookings');
  return Number(row?.count);
}

/**
 * A pass the database makes for the row's mailbox, as verify_booking_code does for an answered
 * code, so a visitor's row meets the column rules even with an e-mail the address step refuses
 * (BK008) and never passes. Null when the e-mail names no mailbox at all (missing, blank).
 */
async function passFor(email: unknown): Promise<string | null> {
  if (typeof email !== 'string') return null;
  const [row] = await backend.database.query(
    'select private.new_address_pass(private.mailbox_of($1), $1) as pass where private.mailbox_of($1) is not null',
    [email],
  );
  return row ? String(row.pass) : null;
}

const visitorWith = (pass: string | null) =>
  supabaseAs(backend, 'anon', {
    proof: 'none',
    ...(pass === null ? {} : { headers: { [BOOKING_ADDRESS_PASS_HEADER]: pass } }),
  });

/**
 * The row is refused with `code` (and `constraint`, when given, named in the message) by the table
 * itself: for a visitor holding its mailbox's pass, and for the agency, which needs none. A visitor
 * whose e-mail names no mailbox holds no pass and is refused by the address step first (BK006).
 */
async function expectRefused(
  overrides: Partial<Record<keyof BookingInsert, unknown>>,
  code: string,
  constraint?: string,
) {
  const before = await bookingCount();
  const row = { ...validBooking(), ...overrides };
  const pass = await passFor(row.email);
  for (const [who, client, expected] of [
    ['visitor', visitorWith(pass), pass === null ? BOOKING_ADDRESS_UNPROVEN : code],
    ['agency', backend.agency, code],
  ] as const) {
    const { error, status } = await client.from('bookings').insert(row as never);
    expect({ who, overrides, status, code: error?.code }).toEqual({
      who,
      overrides,
      status: 400,
      code: expected,
    });
    if (constraint && expected === code) expect(error?.message).toContain(`"${constraint}"`);
  }
  expect(await bookingCount()).toBe(before);
}

async function expectAccepted(overrides: Partial<BookingInsert>) {
  const row = validBooking(overrides);
  const { error } = await visitorWith(await passFor(row.email))
    .from('bookings')
    .insert(row);
  expect({ overrides, error }).toEqual({ overrides, error: null });
}

/** What the form's rules say of one value (bookingFieldProblem), for the cases both must judge alike. */
const formSays = (column: BookingFieldColumn, value: string) => bookingFieldProblem(column, value);

test.each(BOOKING_REQUIRED)('%s may not be blank or missing', async (column) => {
  await expectRefused({ [column]: null }, '23502');
  if (column !== 'preferred_date') await expectRefused({ [column]: '   ' }, '23514');
});

const LONG_DOMAIN = `${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`;

test.each(Object.entries(BOOKING_MAX_LENGTH))(
  '%s takes at most %i characters, the same limit as the form',
  async (column, max) => {
    const fill = (length: number) =>
      column === 'email'
        ? // Three longest labels, the rest in the local part (at most 64 octets).
          `${'a'.repeat(length - 1 - LONG_DOMAIN.length)}@${LONG_DOMAIN}`
        : column === 'website'
          ? `https://example.com/${'a'.repeat(length - 'https://example.com/'.length)}`
          : column === 'phone'
            ? '5'.repeat(length)
            : 'a'.repeat(length);
    await expectAccepted({ [column]: fill(max) });
    await expectRefused({ [column]: fill(max + 1) }, '23514');
  },
);

test('e-mail, phone and website must have their shape', async () => {
  for (const email of [
    'maria',
    'maria@',
    '@cafe.com',
    'maria@cafe',
    'maria castillo@cafe.com',
    'ana@cafe.pa.',
    'josé@correo.pa',
    'maria..castillo@cafe.pa',
    '.maria@cafe.pa',
    'maria@-cafe.pa',
    'maria@cafe.p',
    '"maria"@cafe.pa',
    // RFC 5321's 64 octets, and what a mailto: would have to encode (RFC 6068).
    `${'a'.repeat(65)}@cafe.pa`,
    ...['%', '/', '?', '#', '|', '{', '}', '&', '=', '^', '`'].map((character) => `ana${character}1@cafe.pa`),
  ]) {
    expect({ email, form: formSays('email', email) }).toEqual({ email, form: 'email' });
    await expectRefused({ email }, '23514', 'bookings_email_check');
    // The address step refuses it too, before any proof is spent: no pass is ever made for it.
    const asked = await supabaseAs(backend, 'anon', { proof: 'none' }).rpc(REQUEST_ADDRESS_CODE_FUNCTION, {
      email,
      language: 'en',
    });
    expect({ email, code: asked.error?.code }).toEqual({ email, code: ADDRESS_NOT_BOOKABLE });
  }
  for (const email of [
    "o'brien+news@cafe-boquete.com.pa",
    'ANA@CAFE.PA',
    'ana@xn--caf-dma.pa',
    `${'a'.repeat(64)}@cafe.pa`,
    'a!b$c*d_e~f-g@cafe.pa',
  ]) {
    expect({ email, form: formSays('email', email) }).toEqual({ email, form: null });
    await expectAccepted({ email });
  }
  for (const phone of ['call me', '12', '+507 6123-4567 ext. 2']) await expectRefused({ phone }, '23514');
  for (const website of [
    'cafeboquete.com.pa',
    'ftp://cafeboquete.com.pa',
    'https://',
    'javascript:alert(1)',
  ]) {
    await expectRefused({ website }, '23514');
  }
  await expectAccepted({ website: '' });
  await expectAccepted({ website: 'http://cafe.pa/menu?lang=es' });
});

test('control characters: none in a one-line field, only LF in a multi-line one, each refused by its own constraint', async () => {
  const injected = 'Bob\rLOCATION:https://evil.example/j';
  expect(formSays('full_name', injected)).toBe('control');
  await expectRefused({ full_name: injected }, '23514', 'bookings_full_name_characters_check');

  expect(formSays('goals', 'More clients.\nMore sales.')).toBeNull();
  await expectAccepted({ goals: 'More clients.\nMore sales.' });
  expect(formSays('goals', 'More clients.\r\nMore sales.')).toBe('control');
  await expectRefused({ goals: 'More clients.\r\nMore sales.' }, '23514', 'bookings_goals_characters_check');

  const oneLine = ['full_name', 'email', 'phone', 'company_name', 'website', 'industry'] as const;
  const valid = validBooking();
  for (const column of oneLine) {
    for (const control of ['\n', '\r', '\t', '\u0001', '\u001b', '\u007f', '\u0085', '\u009f']) {
      // In the middle of a value the column otherwise takes.
      const value = column === 'email' ? `ana${control}@cafe.pa` : `${valid[column]}${control}x`;
      expect({ column, control, form: formSays(column, value) }).toEqual({
        column,
        control,
        form: 'control',
      });
      await expectRefused({ [column]: value }, '23514', `bookings_${column}_characters_check`);
    }
  }
  for (const column of MULTI_LINE_COLUMNS) {
    await expectAccepted({ [column]: `First line\nsecond line` });
    for (const control of ['\r', '\t', '\u000b', '\u000c', '\u0001', '\u007f', '\u0085']) {
      const value = `First line${control}second line`;
      expect({ column, control, form: formSays(column, value) }).toEqual({
        column,
        control,
        form: 'control',
      });
      await expectRefused({ [column]: value }, '23514', `bookings_${column}_characters_check`);
    }
  }
  // Characters past the control blocks are text: a no-break space, an emoji.
  await expectAccepted({ full_name: 'María\u00a0José 😀' });
});

test('company size, budget and time only take the options the form offers', async () => {
  for (const company_size of COMPANY_SIZES) await expectAccepted({ company_size });
  for (const budget of BUDGETS) await expectAccepted({ budget });
  // A day of its own, far past the slots validBooking() hands out, which the eight times fill.
  const day = bookableDays().at(-1) as string;
  await backend.database.query('delete from public.bookings where preferred_date = $1', [day]);
  for (const preferred_time of PREFERRED_TIMES) await expectAccepted({ preferred_date: day, preferred_time });
  await expectRefused({ company_size: '1000+' }, '23514');
  await expectRefused({ budget: '10k+' }, '23514');
  await expectRefused({ preferred_time: '5:00 PM' }, '23514');
  await expectRefused({ preferred_time: '09:00' }, '23514');
});

test('a date that is not a date is refused', async () => {
  await expectRefused({ preferred_date: 'next tuesday' }, '22007');
  await expectRefused({ preferred_date: '2026-02-30' }, '22008');
});

test('the migrations check phones, e-mails, websites and characters with exactly the patterns the form uses', () => {
  const migrations = readdirSync(MIGRATIONS_DIR)
    .sort()
    .map((name) => readFileSync(path.join(MIGRATIONS_DIR, name), 'utf8'));
  /** The last migration that states a rule is the one in force. */
  const lastStating = (marker: string) => migrations.filter((sql) => sql.includes(marker)).at(-1) ?? '';
  expect(lastStating('phone ~ ')).toContain(`phone ~ '${PHONE_PATTERN}'`);
  // In a SQL string literal, the pattern's apostrophe is doubled.
  expect(lastStating('email ~ ')).toContain(`email ~ '${EMAIL_PATTERN.replaceAll("'", "''")}'`);
  expect(lastStating('website ~* ')).toContain(`website ~* '${WEBSITE_PATTERN}'`);
  for (const column of ['full_name', 'email', 'phone', 'company_name', 'website', 'industry']) {
    const rule = `bookings_${column}_characters_check\n    check (`;
    expect(lastStating(rule)).toContain(`${rule}${column} !~ '${ONE_LINE_FORBIDDEN}')`);
  }
  for (const column of MULTI_LINE_COLUMNS) {
    const rule = `bookings_${column}_characters_check\n    check (`;
    expect(lastStating(rule)).toContain(`${rule}${column} !~ '${MULTI_LINE_FORBIDDEN}')`);
  }
});

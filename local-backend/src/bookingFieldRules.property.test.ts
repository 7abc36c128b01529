import fc from 'fast-check';
import {
  BOOKING_FIELD_COLUMNS,
  BOOKING_MAX_LENGTH,
  BUDGETS,
  COMPANY_SIZES,
  bookingFieldProblems,
  type BookingFieldColumn,
  type BookingFieldValues,
} from 'supabase-schema';
import { isPostgresError } from './database/Database';
import type { RunningBackend } from './startLocalBackend';
import { startTestBackend, validBooking } from './testing/testBackend';

let backend: RunningBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.stop());

/** A weekday two weeks or more ahead: the day and hour are not this file's rules. */
function aWeekdayAhead(): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 14);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

const booking = validBooking({ preferred_date: aWeekdayAhead(), preferred_time: '10:00 AM' });
const VALID_ROW = Object.fromEntries(
  BOOKING_FIELD_COLUMNS.map((column) => [column, booking[column]]),
) as BookingFieldValues;

const ROLLED_BACK = new Error('rolled back on purpose');

/**
 * What the database says of a row, inserted as service_role (no abuse limits) in a transaction
 * that is always rolled back: null if it would store it, else the column whose CHECK or NOT NULL
 * constraint refused it. Any other refusal is not a field rule, and fails the test.
 */
async function columnRefused(row: BookingFieldValues): Promise<string | null> {
  const columns = Object.keys(row) as BookingFieldColumn[];
  const placeholders = columns.map((_, index) => `$${index + 1}`);
  try {
    await backend.database.asRole('service_role', async (query) => {
      await query(
        `insert into public.bookings (${columns.join(', ')}) values (${placeholders.join(', ')})`,
        columns.map((column) => row[column]),
      );
      throw ROLLED_BACK;
    });
  } catch (error) {
    if (error === ROLLED_BACK) return null;
    const { constraint, column } = error as { constraint?: string; column?: string };
    if (isPostgresError(error) && error.code === '23514' && constraint?.startsWith('bookings_')) {
      return constraint.slice('bookings_'.length, -'_check'.length);
    }
    if (isPostgresError(error) && error.code === '23502' && column) return column;
    throw error;
  }
  throw new Error('unreachable: the transaction is always rolled back');
}

/** The form's verdict and the database's on one row agree, both ways. */
async function expectSameVerdict(row: BookingFieldValues) {
  const problems = bookingFieldProblems(row);
  const flagged = BOOKING_FIELD_COLUMNS.filter((column) => problems[column] !== null);
  const refused = await columnRefused(row);
  expect({ row, flagged, refused: refused !== null }).toEqual({
    row,
    flagged,
    refused: flagged.length > 0,
  });
  if (refused) expect(flagged).toContain(refused);
}

/** White space as Postgres and JavaScript each see it; they disagree on several of these. */
const SPACES = [
  ' ',
  '\t',
  '\n',
  '\r',
  '\v',
  '\f',
  '\u0085',
  '\u00a0',
  '\u1680',
  '\u2000',
  '\u2007',
  '\u200a',
  '\u200b',
  '\u2028',
  '\u2029',
  '\u202f',
  '\u205f',
  '\u3000',
  '\ufeff',
];
/** Characters at the edges of the patterns, letters whose case folding differs, and wide ones. */
const TRICKY = ['@', '.', '/', '?', '#', ':', '+', '(', ')', '-', 'ſ', 'K', 'ı', 'é', 'ñ', '😀', '٣'];

const anyCodePoint = fc
  .integer({ min: 1, max: 0x10ffff })
  .filter((codePoint) => codePoint < 0xd800 || codePoint > 0xdfff)
  .map((codePoint) => String.fromCodePoint(codePoint));
const anyChar = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...'abcxyzHTPS019') },
  { weight: 2, arbitrary: fc.constantFrom(...SPACES, ...TRICKY) },
  { weight: 1, arbitrary: anyCodePoint },
);
const text = (maxLength: number) => fc.string({ unit: anyChar, maxLength });
const blank = fc.string({ unit: fc.constantFrom(...SPACES), maxLength: 4 });
const join = (parts: string[]) => parts.join('');

/** `max` characters give or take two, some of them wide (an emoji is one character, two UTF-16 units). */
const nearLength = (
  max: number,
  prefix: fc.Arbitrary<string> = fc.constant(''),
  suffix: fc.Arbitrary<string> = fc.constant(''),
) =>
  fc
    .tuple(prefix, fc.integer({ min: -2, max: 2 }), fc.constantFrom('a', 'é', '😀', ' '), suffix)
    .map(([head, delta, fill, tail]) => {
      const room = max + delta - [...head].length - [...tail].length;
      return head + fill.repeat(Math.max(room, 0)) + tail;
    });

const requiredText = (max: number) => fc.oneof(blank, text(12), nearLength(max, text(3), text(3)));

/** Pieces of an address: mostly letters, now and then a character a pattern cares about. */
const piece = (edges: string) =>
  fc.string({
    unit: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...'abé') },
      { weight: 1, arbitrary: fc.constantFrom(...edges, ...SPACES) },
      { weight: 1, arbitrary: anyChar },
    ),
    maxLength: 5,
  });
const emailPart = piece('.@');
/** Mostly the first of `options`, now and then one of the others. */
const mostly = (usual: string, ...others: string[]) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant(usual) },
    { weight: 1, arbitrary: fc.constantFrom(...others) },
  );

const email = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(emailPart, mostly('@', '', '@@'), emailPart, mostly('.', '', '..'), emailPart)
      .map(join),
  },
  nearLength(BOOKING_MAX_LENGTH.email, fc.constant(''), fc.constantFrom('@example.com', '@cafe', ' @x.pa')),
  blank,
  text(12),
);

const scheme = mostly(
  'https://',
  'http://',
  'HTTPS://',
  'hTtP://',
  'ftp://',
  'httpſ://',
  'https:/',
  '//',
  '',
);
const hostPart = piece('-./?#');
const website = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(scheme, hostPart, mostly('.', ''), hostPart, fc.constantFrom('', '/', '/menu?lang=es#top', ' '))
      .map(join),
  },
  nearLength(BOOKING_MAX_LENGTH.website, fc.constant('https://example.com/')),
  fc.constant(''),
  blank,
  text(12),
);

const phoneChar = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...'0123456789 ().-') },
  { weight: 1, arbitrary: fc.constantFrom('+', 'x', '٣', '\t', '\u00a0') },
);
const phone = fc.oneof(
  fc.tuple(fc.constantFrom('', '+', '++', ' '), fc.string({ unit: phoneChar, maxLength: 36 })).map(join),
  blank,
);

const choice = (options: readonly string[]) =>
  fc.oneof(fc.constantFrom(...options), fc.constantFrom('', ' 1-10', '1-10 ', '1000+', '5K+', 'x'));

/** Values for the columns this file owns; date and time stay the valid ones of VALID_ROW. */
const generated = {
  full_name: requiredText(BOOKING_MAX_LENGTH.full_name),
  email,
  phone,
  company_name: requiredText(BOOKING_MAX_LENGTH.company_name),
  website,
  industry: requiredText(BOOKING_MAX_LENGTH.industry),
  company_size: choice(COMPANY_SIZES),
  current_marketing: requiredText(BOOKING_MAX_LENGTH.current_marketing),
  budget: choice(BUDGETS),
  goals: requiredText(BOOKING_MAX_LENGTH.goals),
  additional_info: fc.oneof(blank, text(12), nearLength(BOOKING_MAX_LENGTH.additional_info)),
};

/** A valid row with one to four of its fields replaced: about half the rows stay valid. */
const rows = fc
  .tuple(
    fc.record(generated),
    fc.subarray(Object.keys(generated) as Array<keyof typeof generated>, { minLength: 1, maxLength: 4 }),
  )
  .map(([values, changed]): BookingFieldValues => {
    const row = { ...VALID_ROW };
    for (const column of changed) row[column] = values[column];
    return row;
  });

test('the fixed row is one the database stores', async () => {
  await expectSameVerdict(VALID_ROW);
  expect(await columnRefused(VALID_ROW)).toBeNull();
});

test('the examples of the bug are refused by the form as by the database', async () => {
  for (const change of [
    { email: 'maria@cafe' },
    { full_name: '   ' },
    { website: 'ftp://example.com' },
    { website: 'https://localhost' },
  ]) {
    await expectSameVerdict({ ...VALID_ROW, ...change });
    expect(await columnRefused({ ...VALID_ROW, ...change })).not.toBeNull();
  }
});

test('the edges of each rule are judged alike by the form and the database', async () => {
  for (const change of [
    { website: 'HTTPS://CAFE.PA' },
    { website: 'httpſ://cafe.pa' },
    { website: 'https://cafe.pa/ ' },
    { website: 'https://café.pa/menú' },
    { email: 'a@b.c' },
    { email: 'maria@@cafe.pa' },
    { phone: ' 6123-4567 ' },
    { phone: '+' + '5'.repeat(32) },
    { phone: '5'.repeat(33) },
    { phone: '٦١٢٣٤٥٦٧' },
    { full_name: '\t' },
    { industry: '😀'.repeat(BOOKING_MAX_LENGTH.industry) },
    { industry: '😀'.repeat(BOOKING_MAX_LENGTH.industry + 1) },
  ]) {
    await expectSameVerdict({ ...VALID_ROW, ...change });
  }
});

test('every white-space character is judged alike by the form and the database', async () => {
  for (const space of SPACES) {
    await expectSameVerdict({ ...VALID_ROW, email: `maria${space}x@cafe.pa` });
    await expectSameVerdict({ ...VALID_ROW, website: `https://cafe.pa/${space}` });
    await expectSameVerdict({ ...VALID_ROW, full_name: space });
  }
});

test('for any filled form, the form accepts what the database accepts and refuses what it refuses', async () => {
  await fc.assert(fc.asyncProperty(rows, expectSameVerdict), { numRuns: 200 });
});

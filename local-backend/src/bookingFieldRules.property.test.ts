import fc from 'fast-check';
import {
  BOOKING_FIELD_COLUMNS,
  BOOKING_MAX_LENGTH,
  BUDGETS,
  COMPANY_SIZES,
  MULTI_LINE_COLUMNS,
  MULTI_LINE_FORBIDDEN,
  ONE_LINE_FORBIDDEN,
  bookingFieldProblem,
  bookingFieldProblems,
  type BookingFieldColumn,
  type BookingFieldValues,
} from 'supabase-schema';
import { isPostgresError } from './database/Database';
import { validBooking } from './testing/testBackend';
import { setUpTestBackend } from './testing/setUpTestBackend';

const backend = setUpTestBackend({ forgetBookingsBeforeEach: false });

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

interface Refusal {
  column: BookingFieldColumn;
  /** The CHECK constraint that refused it; null for a NOT NULL column or a NUL character. */
  constraint: string | null;
}

/**
 * What the database says of a row, inserted as service_role (no abuse limits, no address step)
 * in a transaction that is always rolled back: null if it would store it, else the column whose
 * CHECK (`bookings_<column>_check`, `bookings_<column>_characters_check`) or NOT NULL constraint
 * refused it. A NUL, which no Postgres text holds, is refused before any rule: it is put down to
 * the one column whose value holds one. Any other refusal is not a field rule, and fails the test.
 */
async function databaseRefusal(row: BookingFieldValues): Promise<Refusal | null> {
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
    if (isPostgresError(error) && error.code === '23514' && constraint) {
      const named = /^bookings_(.+?)(_characters)?_check$/.exec(constraint)?.[1];
      if (named && (BOOKING_FIELD_COLUMNS as readonly string[]).includes(named)) {
        return { column: named as BookingFieldColumn, constraint };
      }
    }
    if (isPostgresError(error) && error.code === '23502' && column) {
      return { column: column as BookingFieldColumn, constraint: null };
    }
    const withNul = columns.filter((name) => row[name].includes('\u0000'));
    if (isPostgresError(error) && ['22021', '22P05'].includes(error.code) && withNul.length === 1) {
      return { column: withNul[0] as BookingFieldColumn, constraint: null };
    }
    throw error;
  }
  throw new Error('unreachable: the transaction is always rolled back');
}

const columnRefused = async (row: BookingFieldValues) => (await databaseRefusal(row))?.column ?? null;

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
/**
 * Characters at the edges of the patterns (a mailto: would encode %, |, {, }, &, =, ^), letters
 * whose case folding differs, wide ones, the direction characters of the Trojan Source advisory
 * and the invisible ones (with the joiners and soft hyphen, which the rules keep).
 */
const TRICKY = [
  ...['@', '.', '/', '?', '#', ':', '+', '(', ')', '-', '%', '|', '{', '}', '&', '=', '^', '!', '~'],
  ...['ſ', 'K', 'ı', 'é', 'ñ', '😀', '٣'],
  ...['\u202e', '\u202a', '\u2066', '\u2069', '\u200e', '\u200f', '\u061c'],
  ...['\u200b', '\u2060', '\u180e', '\u200c', '\u200d', '\u00ad'],
];

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
  // Local parts about RFC 5321's 64 octets.
  nearLength(64, fc.constant(''), fc.constant('')).map((local) => `${local}@cafe.pa`),
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
    { email: 'ana@cafe.pa.' },
    { email: 'josé@correo.pa' },
    { email: 'ana@xn--caf-dma.pa' },
    { email: 'ana@cafe.xn--p1ai' },
    { email: 'ana@cafe.xn--p1ai-' },
    { full_name: 'Bob\rLOCATION:https://evil.example/j' },
    { goals: 'More clients.\nMore sales.' },
    { goals: 'More clients.\r\nMore sales.' },
  ]) {
    await expectSameVerdict({ ...VALID_ROW, ...change });
  }
});

test("the address step's and the control rule's examples: refused by both, or accepted by both", async () => {
  const refusedByBoth: Array<[Partial<BookingFieldValues>, string, string]> = [
    [{ email: 'ana@cafe.pa.' }, 'email', 'bookings_email_check'],
    [{ email: 'josé@correo.pa' }, 'email', 'bookings_email_check'],
    [{ full_name: 'Bob\rLOCATION:https://evil.example/j' }, 'control', 'bookings_full_name_characters_check'],
    [{ goals: 'More clients.\rMore sales.' }, 'control', 'bookings_goals_characters_check'],
  ];
  for (const [change, problem, constraint] of refusedByBoth) {
    const [column, value] = Object.entries(change)[0] as [BookingFieldColumn, string];
    expect({ change, form: bookingFieldProblem(column, value) }).toEqual({ change, form: problem });
    expect({ change, database: await databaseRefusal({ ...VALID_ROW, ...change }) }).toEqual({
      change,
      database: { column, constraint },
    });
  }
  const lineFeed = { goals: 'More clients.\nMore sales.' };
  expect(bookingFieldProblem('goals', lineFeed.goals)).toBeNull();
  expect(await databaseRefusal({ ...VALID_ROW, ...lineFeed })).toBeNull();
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

/** U+0000 to U+001F and U+007F to U+009F (Unicode's Cc), LF most often: the one a multi-line field keeps. */
const controlChar = fc.oneof(
  { weight: 2, arbitrary: fc.constant('\n') },
  {
    weight: 1,
    arbitrary: fc.constantFrom('\r', '\t', '\u0000', '\u000b', '\u000c', '\u001b', '\u007f', '\u0085'),
  },
  {
    weight: 2,
    arbitrary: fc
      .oneof(fc.integer({ min: 0x00, max: 0x1f }), fc.integer({ min: 0x7f, max: 0x9f }))
      .map((codePoint) => String.fromCodePoint(codePoint)),
  },
);

/** The columns whose text a visitor types or picks (the date is the date picker's, not a rule here). */
const TEXT_COLUMNS = BOOKING_FIELD_COLUMNS.filter((column) => column !== 'preferred_date');

/**
 * A value for one column holding control characters: the fixed row's own value with none to
 * three of them put anywhere (so often nothing else is wrong with it), or a short string of them
 * among letters, spaces and the characters the patterns care about.
 */
const controlValue = (column: BookingFieldColumn) =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc.array(fc.tuple(fc.nat(), controlChar), { maxLength: 3 }).map((inserts) =>
        inserts.reduce((value, [at, control]) => {
          const cut = at % (value.length + 1);
          return value.slice(0, cut) + control + value.slice(cut);
        }, VALID_ROW[column]),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.string({
        unit: fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom(...'abc @.:/-', ...SPACES) },
          { weight: 2, arbitrary: controlChar },
        ),
        maxLength: 12,
      }),
    },
  );

const OPTION_COLUMNS: readonly BookingFieldColumn[] = ['company_size', 'budget', 'preferred_time'];

const controlCase = fc
  .constantFrom(...TEXT_COLUMNS)
  .chain((column) => fc.tuple(fc.constant(column), controlValue(column)));

test('for any value with control characters, column by column, the form and the database agree both ways', async () => {
  const verdicts = { refusedByBoth: 0, acceptedByBoth: 0 };
  await fc.assert(
    fc.asyncProperty(controlCase, async ([column, value]) => {
      const form = bookingFieldProblem(column, value);
      const database = await databaseRefusal({ ...VALID_ROW, [column]: value });
      // Refused by one if and only if refused by the other, and always for this column.
      expect({ column, value, form: form !== null, database: database?.column ?? null }).toEqual({
        column,
        value,
        form: database !== null,
        database: form === null ? null : column,
      });
      // A control character the column refuses is named by the form, and by the column's own constraint.
      const multiLine = (MULTI_LINE_COLUMNS as readonly string[]).includes(column);
      const forbidden = new RegExp(`\\u0000|${multiLine ? MULTI_LINE_FORBIDDEN : ONE_LINE_FORBIDDEN}`);
      if (forbidden.test(value) && !/^ *$/.test(value)) {
        expect({ column, value, form }).toEqual({ column, value, form: 'control' });
        if (!value.includes('\u0000')) {
          expect({ column, value, constraint: database?.constraint }).toEqual({
            column,
            value,
            // The option columns take only their lists: their one CHECK refuses any other text.
            constraint: OPTION_COLUMNS.includes(column)
              ? `bookings_${column}_check`
              : `bookings_${column}_characters_check`,
          });
        }
      }
      verdicts[form === null ? 'acceptedByBoth' : 'refusedByBoth'] += 1;
    }),
    { numRuns: 300 },
  );
  // Both sides of the rule were met.
  expect(verdicts.refusedByBoth).toBeGreaterThan(0);
  expect(verdicts.acceptedByBoth).toBeGreaterThan(0);
});

import {
  BOOKING_MAX_LENGTH,
  BUDGETS,
  COMPANY_SIZES,
  EMAIL_PATTERN,
  MULTI_LINE_COLUMNS,
  MULTI_LINE_FORBIDDEN,
  ONE_LINE_FORBIDDEN,
  PHONE_PATTERN,
  PREFERRED_TIMES,
  WEBSITE_PATTERN,
  type BookingInsert,
} from './bookingRules';

/**
 * Why the database would refuse a value, in the words the form shows: `option` is a value the
 * form's lists do not offer. Null: the CHECK constraints of the migration accept it.
 */
export type BookingFieldProblem = 'required' | 'control' | 'tooLong' | 'email' | 'url' | 'phone' | 'option';

/** The columns a visitor fills, each holding the text the form sends. */
export const BOOKING_FIELD_COLUMNS = [
  'full_name',
  'email',
  'phone',
  'company_name',
  'website',
  'industry',
  'company_size',
  'current_marketing',
  'budget',
  'goals',
  'preferred_date',
  'preferred_time',
  'additional_info',
] as const satisfies ReadonlyArray<keyof BookingInsert>;
export type BookingFieldColumn = (typeof BOOKING_FIELD_COLUMNS)[number];
export type BookingFieldValues = Record<BookingFieldColumn, string>;

/**
 * What Postgres's `[:space:]` means under the C.UTF-8 character classes of the local backend
 * (PGlite), written as JavaScript: ASCII white space, U+0085, U+2000-U+200A except U+2007, the line
 * and paragraph separators, U+205F and U+3000. The no-break spaces and U+FEFF are not in it.
 */
const DATABASE_SPACE = '\\t\\n\\v\\f\\r \\u0085\\u2000-\\u2006\\u2008-\\u200a\\u2028\\u2029\\u205f\\u3000';

/**
 * A pattern of the migration as a JavaScript RegExp. Only `[:space:]` needs words of its own;
 * no `u` flag, so `i` matches letters as Postgres's `~*` does (h, never U+017F for an s).
 */
function databaseRegExp(pattern: string, flags = ''): RegExp {
  return new RegExp(pattern.replaceAll('[:space:]', DATABASE_SPACE), flags);
}

const EMAIL = databaseRegExp(EMAIL_PATTERN);
const WEBSITE = databaseRegExp(WEBSITE_PATTERN, 'i');
const PHONE = databaseRegExp(PHONE_PATTERN);
// NUL too: Postgres text cannot hold it, so the API refuses it before any rule.
const ONE_LINE_CONTROL = new RegExp(`\\u0000|${ONE_LINE_FORBIDDEN}`);
const MULTI_LINE_CONTROL = new RegExp(`\\u0000|${MULTI_LINE_FORBIDDEN}`);

/** A control character the column refuses: any in a one-line field, any but LF in a multi-line one. */
function hasControl(column: BookingFieldColumn, value: string): boolean {
  const multiLine = (MULTI_LINE_COLUMNS as readonly string[]).includes(column);
  return (multiLine ? MULTI_LINE_CONTROL : ONE_LINE_CONTROL).test(value);
}

/** `btrim(x) = ''`: Postgres's btrim takes off spaces only, not tabs or other white space. */
const isBlank = (value: string) => /^ *$/.test(value);

/** `char_length`: characters (code points), so an emoji counts once, as in Postgres. */
const tooLong = (column: keyof typeof BOOKING_MAX_LENGTH, value: string) =>
  [...value].length > BOOKING_MAX_LENGTH[column];

function requiredText(column: keyof typeof BOOKING_MAX_LENGTH, value: string): BookingFieldProblem | null {
  if (isBlank(value)) return 'required';
  return tooLong(column, value) ? 'tooLong' : null;
}

function option(options: readonly string[], value: string): BookingFieldProblem | null {
  if (value === '') return 'required';
  return options.includes(value) ? null : 'option';
}

/**
 * The verdict of the migration's CHECK constraints on one value, as it would be inserted. The
 * preferred date is only required here: which days may be booked is the database's and the
 * date picker's business.
 */
export function bookingFieldProblem(column: BookingFieldColumn, value: string): BookingFieldProblem | null {
  if (!isBlank(value) && hasControl(column, value)) return 'control';
  switch (column) {
    case 'full_name':
    case 'company_name':
    case 'industry':
    case 'current_marketing':
    case 'goals':
      return requiredText(column, value);
    case 'email':
      if (isBlank(value)) return 'required';
      if (tooLong(column, value)) return 'tooLong';
      return EMAIL.test(value) ? null : 'email';
    case 'phone':
      if (value === '') return 'required';
      return PHONE.test(value) ? null : 'phone';
    case 'website':
      if (value === '') return null;
      if (tooLong(column, value)) return 'tooLong';
      return WEBSITE.test(value) ? null : 'url';
    case 'additional_info':
      return tooLong(column, value) ? 'tooLong' : null;
    case 'company_size':
      return option(COMPANY_SIZES, value);
    case 'budget':
      return option(BUDGETS, value);
    case 'preferred_time':
      return option(PREFERRED_TIMES, value);
    case 'preferred_date':
      return value === '' ? 'required' : null;
  }
}

/** Every column's verdict: the row is accepted by the CHECK constraints when all are null. */
export function bookingFieldProblems(
  values: BookingFieldValues,
): Record<BookingFieldColumn, BookingFieldProblem | null> {
  return Object.fromEntries(
    BOOKING_FIELD_COLUMNS.map((column) => [column, bookingFieldProblem(column, values[column])]),
  ) as Record<BookingFieldColumn, BookingFieldProblem | null>;
}

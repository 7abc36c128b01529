/**
 * The booking a visitor requests (docs/product.md §6): its fields, the options a field may take and
 * the length limits. The migration in ../migrations enforces exactly these rules in Postgres, the
 * booking form applies them in the browser, and the local backend's tests prove the two agree.
 */

export const COMPANY_SIZES = ['1-10', '11-50', '51-200', '201-500', '500+'] as const;
export const BUDGETS = ['500-1000', '1000-2500', '2500-5000', '5k+'] as const;
export const PREFERRED_TIMES = [
  '9:00 AM',
  '10:00 AM',
  '11:00 AM',
  '12:00 PM',
  '1:00 PM',
  '2:00 PM',
  '3:00 PM',
  '4:00 PM',
] as const;
/** A visitor's request is always created pending; the agency moves it on from there. */
export const BOOKING_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled'] as const;

export type CompanySize = (typeof COMPANY_SIZES)[number];
export type Budget = (typeof BUDGETS)[number];
export type PreferredTime = (typeof PREFERRED_TIMES)[number];
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** A row of public.bookings as the form inserts it (id optional: the database can make one). */
export interface BookingInsert {
  id?: string;
  full_name: string;
  email: string;
  phone: string;
  company_name: string;
  website: string;
  industry: string;
  company_size: CompanySize;
  current_marketing: string;
  budget: Budget;
  goals: string;
  /** Year-month-day, e.g. 2026-12-01. */
  preferred_date: string;
  preferred_time: PreferredTime;
  additional_info: string;
  status: 'pending';
}

export interface BookingRow extends Omit<BookingInsert, 'status' | 'id'> {
  id: string;
  status: BookingStatus;
  created_at: string;
}

/** Longest text each column accepts, in characters (CHECK constraints of the migration). */
export const BOOKING_MAX_LENGTH = {
  full_name: 120,
  email: 254,
  phone: 32,
  company_name: 160,
  website: 2048,
  industry: 120,
  current_marketing: 2000,
  goals: 2000,
  additional_info: 4000,
} as const satisfies Partial<Record<keyof BookingInsert, number>>;

/** Fields a visitor must fill (not blank); website and additional_info may stay empty. */
export const BOOKING_REQUIRED = [
  'full_name',
  'email',
  'phone',
  'company_name',
  'industry',
  'company_size',
  'current_marketing',
  'budget',
  'goals',
  'preferred_date',
  'preferred_time',
] as const satisfies ReadonlyArray<keyof BookingInsert>;

/**
 * Digits, spaces and + ( ) - . only, 7 to 32 of them: a phone a person can dial. Every symbol is
 * escaped so the same expression works in Postgres and in an HTML pattern (the v flag).
 */
export const PHONE_PATTERN = '^\\+?[0-9 \\(\\)\\.\\-]{7,32}$';

/**
 * An address the whole mail stack delivers to (SMTP without SMTPUTF8, nodemailer, the invitation's
 * ATTENDEE and its `mailto:`): a dot-atom local part of at most 64 octets (RFC 5321) made of the
 * characters that are both `atext` (RFC 5322) and need no percent-encoding in a `mailto:` URI
 * (RFC 6068's `qchar`): letters, digits and ! $ ' * + - _ ~. Then one @, host-name labels of
 * letters, digits and inner hyphens, and a top-level label of letters (or an IDNA `xn--` one). No
 * trailing dot, no spaces, no quotes. Postgres syntax, which `bookingFieldProblem` reads as
 * JavaScript.
 */
export const EMAIL_PATTERN =
  "^(?=[^@]{1,64}@)[A-Za-z0-9!$'*+_~-]+(\\.[A-Za-z0-9!$'*+_~-]+)*" +
  '@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+([A-Za-z]{2,63}|xn--[A-Za-z0-9-]{0,58}[A-Za-z0-9])$';

/**
 * Characters that turn text around or break it where no one sees it (Unicode's bidirectional
 * controls, named by the Trojan Source advisory CVE-2021-42574, and the line and paragraph
 * separators): refused in every field, so no name reverses a mail's subject or an invitation's
 * line. Written as the inside of a bracket expression, in Postgres syntax.
 */
export const DIRECTION_CHARACTERS = '\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069\\u2028\\u2029';

/**
 * Characters that take no room (UTS #39's default-ignorables used to hide text): the zero-width
 * space, the word joiner, the Mongolian vowel separator and the byte-order mark. Refused in
 * one-line fields. The zero-width joiners U+200C and U+200D stay: scripts and emoji need them.
 */
export const INVISIBLE_CHARACTERS = '\\u180e\\u200b\\u2060\\ufeff';

/**
 * What a one-line field refuses: control characters (Unicode's Cc but NUL, which no Postgres text
 * holds), so no CR or LF can start a line of its own in an invitation or a mail header, and the
 * two lists above. A multi-line field keeps LF, and the invisible characters a pasted text brings.
 * Postgres syntax (`\uXXXX` escapes), read by JavaScript as it is.
 */
export const ONE_LINE_FORBIDDEN = `[\\u0001-\\u001f\\u007f-\\u009f${DIRECTION_CHARACTERS}${INVISIBLE_CHARACTERS}]`;
export const MULTI_LINE_FORBIDDEN = `[\\u0001-\\u0009\\u000b-\\u001f\\u007f-\\u009f${DIRECTION_CHARACTERS}]`;

/**
 * What the form takes out of a one-line field before it judges or sends it: the invisible
 * characters above and the soft hyphen (U+00AD), which a copy from a web page or a document brings
 * and no reader misses. The direction characters are refused at the field instead: they change
 * what the visitor sees.
 */
export const STRIPPED_FROM_ONE_LINE = `[${INVISIBLE_CHARACTERS}\\u00ad]`;

/** The columns that keep line breaks (LF); every other text column is one line. */
export const MULTI_LINE_COLUMNS = ['current_marketing', 'goals', 'additional_info'] as const;

/**
 * An http or https address (either in any letter case: the migration matches it with `~*`) whose
 * host has a dot, and no spaces anywhere. Postgres syntax, like EMAIL_PATTERN.
 */
export const WEBSITE_PATTERN = '^https?://[^[:space:]/?#]+\\.[^[:space:]]*$';

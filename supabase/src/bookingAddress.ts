/**
 * The address step of 20270105090000_booking_address_proof.sql as the form, the mailer and the
 * tests use it: an address holds no slot, and receives no text of anyone else's, until its owner
 * answered. The form asks for a code (paying the proof of work there), the visitor types the code
 * from the mail, the database answers a one-time pass, and the one insert carries the pass.
 */

/**
 * POST /rest/v1/rpc/request_booking_code {email, language}, with the solved proof of work in the
 * X-Booking-Proof header. Answers {@link AddressCodeRequested}: with the step on, the attempt's id,
 * which only the browser that asked holds and which verify_booking_code needs. Refusals are
 * PostgREST errors: BK005 (the proof), BK008 (not an address a booking can use), BK010 (the request
 * is not a JSON call, {@link CROSS_SITE_REFUSED}), PT429 with details `resend_after <seconds>` or
 * `limit <name>: …`, the name one of {@link AddressCodeLimit}. The challenge's own limits
 * (`limit challenges_…`) are booking_challenge's answers, before this request.
 */
export const REQUEST_ADDRESS_CODE_FUNCTION = 'request_booking_code';

/**
 * POST /rest/v1/rpc/verify_booking_code {email, code, attempt}: a pass, or BK007 with why
 * ({@link AddressCodeRefusal}). Tries count against the attempt alone; a call without the
 * attempt's id (or with someone else's) spends nothing and always hears `code_refused`. Limited
 * per network (PT429 `limit code_checks_per_network: …`). A booking remote of before the attempt
 * (no `attempt` in request_booking_code's answer) calls {email, code} and hears `code_refused`
 * from this database: the remote ships first (docs/releases.md).
 */
export const VERIFY_ADDRESS_CODE_FUNCTION = 'verify_booking_code';

/**
 * POST /rest/v1/rpc/redeem_booking_link {email, link}: the link of a code mail (the `address`
 * query parameter of {@link ADDRESS_LINK_PATH}), for the address it was mailed to (case aside),
 * answers a pass like the right code. One use; valid as long as the mailbox's daily ceiling counts
 * the mail. Refusals: BK009 details `link_refused` (unknown, spent, expired, or another address: one
 * answer), PT429 `limit code_checks_per_network: …`.
 */
export const REDEEM_ADDRESS_LINK_FUNCTION = 'redeem_booking_link';

/** The booking page a code mail's link opens: `/booking?address=<link>` (plus `&lang=…`). */
export const ADDRESS_LINK_PATH = '/booking';
export const ADDRESS_LINK_PARAMETER = 'address';

/** An attempt id or a link as the database makes them: 32 random bytes, base64url. */
export const ADDRESS_SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The request header of the one booking insert that carries the pass. */
export const BOOKING_ADDRESS_PASS_HEADER = 'x-booking-address-pass';

/** The insert's address is not proven: details `address_<AddressPassRefusal>`. HTTP 400. */
export const BOOKING_ADDRESS_UNPROVEN = 'BK006';

/** A code refused: details `code_<AddressCodeRefusal>`. HTTP 400. */
export const ADDRESS_CODE_REFUSED = 'BK007';

/** request_booking_code's address is not one a booking can carry (the e-mail field's rule). HTTP 400. */
export const ADDRESS_NOT_BOOKABLE = 'BK008';

/** A code mail's link refused: details `link_refused`. HTTP 400. */
export const ADDRESS_LINK_REFUSED = 'BK009';

/**
 * A call that mails or changes a row arrived as a request a web page can send across sites with
 * no CORS preflight (no JSON content type, no supabase-js `x-client-info`): refused before
 * anything is spent. HTTP 415.
 */
export const CROSS_SITE_REFUSED = 'BK010';

/**
 * `other_address`: the pass was earned by another spelling of the address (a pass books exactly
 * the address that answered, letter case aside).
 */
export type AddressPassRefusal = 'missing' | 'unknown' | 'expired' | 'used' | 'other_address';

/**
 * For the attempt's holder: `wrong` (tries left), `used_up` (no tries left: ask for a new code),
 * `expired` (the code's time is over). `refused`: no valid attempt was given; the one answer a
 * stranger gets, whether or not a code is pending.
 */
export type AddressCodeRefusal = 'wrong' | 'used_up' | 'expired' | 'refused';

/**
 * The limits of request_booking_code (PT429 details `limit <name>: …`):
 * - `mailbox_network_codes`: code mails to one mailbox from one network in 24 hours;
 * - `mailbox_codes`: the mailbox's daily ceiling, whoever asked (its mails' links still work);
 * - `network_code_mails`: code mails from one network to different mailboxes in an hour;
 * - `code_mails_site_wide`: the hard stop far above normal traffic, per hour.
 * The first two tell the visitor to use the link of the latest mail, or to write to the agency.
 */
export type AddressCodeLimit =
  'mailbox_network_codes' | 'mailbox_codes' | 'network_code_mails' | 'code_mails_site_wide';

/**
 * What request_booking_code answers. `code`: a code is on its way to the address (the step is
 * on), for the attempt whose id only this answer carries; `pass`: the agency turned the step off,
 * and the pass comes at once.
 */
export type AddressCodeRequested =
  | { step: 'code'; attempt: string; resend_after_seconds: number; code_valid_seconds: number }
  | { step: 'pass'; pass: string };

/** What verify_booking_code answers for the right code. */
export interface AddressVerified {
  pass: string;
}

/** What redeem_booking_link answers: the pass, and the address as the mail spelled it. */
export interface AddressLinkRedeemed {
  pass: string;
  email: string;
}

/** The one-time code the mail carries: six digits. */
export const ADDRESS_CODE_PATTERN = /^[0-9]{6}$/;

/** The operator's defaults in private.booking_settings (the database holds the live values). */
export const DEFAULT_ADDRESS_SETTINGS = {
  codeValidMinutes: 10,
  codeTries: 5,
  resendAfterSeconds: 30,
  /** Code mails to one mailbox from one network in 24 hours. */
  mailboxNetworkCodesPerDay: 3,
  /** The mailbox's ceiling, whoever asks: the most mail of ours a mailbox gets in a day. */
  mailboxCodesPerDay: 10,
  /** Code mails from one network to different mailboxes an hour. */
  networkCodeMailsPerHour: 10,
  /** The hard stop site-wide, an hour: far above any day the agency has had. */
  codeMailsSiteWidePerHour: 600,
  /** verify_booking_code and redeem_booking_link calls per network an hour. */
  codeChecksPerNetworkPerHour: 60,
  /** How long a mail's link works: the ceiling's window. */
  linkValidHours: 24,
  passValidMinutes: 30,
} as const;

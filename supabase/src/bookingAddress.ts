/**
 * The address step of 20270105090000_booking_address_proof.sql as the form, the mailer and the
 * tests use it: an address holds no slot, and receives no text of anyone else's, until its owner
 * answered. The form asks for a code (paying the proof of work there), the visitor types the code
 * from the mail, the database answers a one-time pass, and the one insert carries the pass.
 */

/**
 * POST /rest/v1/rpc/request_booking_code {email, language}, with the solved proof of work in the
 * X-Booking-Proof header. Answers {@link AddressCodeRequested}; refusals are PostgREST errors:
 * BK005 (the proof), BK008 (not an address a booking can use), PT429 (details
 * `resend_after <seconds>` or `limit mailbox_codes: …`). The challenge's own limits
 * (`limit challenges_…`) are booking_challenge's answers, before this request.
 */
export const REQUEST_ADDRESS_CODE_FUNCTION = 'request_booking_code';

/** POST /rest/v1/rpc/verify_booking_code {email, code}: a pass, or BK007 with why. */
export const VERIFY_ADDRESS_CODE_FUNCTION = 'verify_booking_code';

/** The request header of the one booking insert that carries the pass. */
export const BOOKING_ADDRESS_PASS_HEADER = 'x-booking-address-pass';

/** The insert's address is not proven: details `address_<AddressPassRefusal>`. HTTP 400. */
export const BOOKING_ADDRESS_UNPROVEN = 'BK006';

/** A code refused: details `code_<AddressCodeRefusal>`. HTTP 400 (the try is counted all the same). */
export const ADDRESS_CODE_REFUSED = 'BK007';

/** request_booking_code's address is not one a booking can carry (the e-mail field's rule). HTTP 400. */
export const ADDRESS_NOT_BOOKABLE = 'BK008';

export type AddressPassRefusal = 'missing' | 'unknown' | 'expired' | 'used' | 'other_address';

/** `wrong` (tries left), `used_up` (no tries left: ask for a new code), `expired` (none live). */
export type AddressCodeRefusal = 'wrong' | 'used_up' | 'expired';

/**
 * What request_booking_code answers. `code`: a code is on its way to the address (the step is
 * on); `pass`: the agency turned the step off, and the pass comes at once.
 */
export type AddressCodeRequested =
  { step: 'code'; resend_after_seconds: number; code_valid_seconds: number } | { step: 'pass'; pass: string };

/** What verify_booking_code answers for the right code. */
export interface AddressVerified {
  pass: string;
}

/** The one-time code the mail carries: six digits. */
export const ADDRESS_CODE_PATTERN = /^[0-9]{6}$/;

/** The operator's defaults in private.booking_settings (the database holds the live values). */
export const DEFAULT_ADDRESS_SETTINGS = {
  codeValidMinutes: 10,
  codeTries: 5,
  resendAfterSeconds: 30,
  mailsPerDay: 3,
  passValidMinutes: 30,
} as const;

/**
 * request_booking_code as the sends use it: a pass at once (the agency turned the step off), or a
 * code on its way, with when another may be asked for and when it stops working.
 */
import type { Language } from 'shared-i18n';
import type { BookingStore } from '../bookingStore';

export type AddressCodeAnswer =
  { pass: string } | { pass: null; attempt: string | null; resendAt: number; validUntil: number };

/**
 * `attempt`: the one this browser holds for the address, which the new code joins. Throws a
 * BookingNotStoredError for a refusal of the database.
 */
export async function requestAddressCode(
  store: BookingStore,
  email: string,
  language: Language,
  attempt: string | null = null,
): Promise<AddressCodeAnswer> {
  const answer = await store.requestCode(email, { language, ...(attempt ? { attempt } : {}) });
  if (answer.step === 'pass') return { pass: answer.pass };
  const now = Date.now();
  return {
    pass: null,
    attempt: answer.attempt ?? null,
    resendAt: now + answer.resend_after_seconds * 1000,
    validUntil: now + answer.code_valid_seconds * 1000,
  };
}

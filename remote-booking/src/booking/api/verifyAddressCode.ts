/** verify_booking_code as the sends use it: the typed code of one attempt traded for a pass. */
import type { BookingStore } from '../bookingStore';
import type { CodeStep } from '../submissionState';

/**
 * A step without an attempt came from a database of before attempts, which takes the call of two
 * arguments. Throws a BookingNotStoredError for a refusal of the database.
 */
export function verifyAddressCode(
  store: BookingStore,
  { email, code, attempt }: Pick<CodeStep, 'email' | 'code' | 'attempt'>,
): Promise<string> {
  return attempt === null ? store.verifyCode(email, code) : store.verifyCode(email, code, attempt);
}

/** redeem_booking_link as the sends use it: a code mail's link traded for a pass. */
import type { BookingStore } from '../bookingStore';

/** Throws a BookingNotStoredError: BK009 when the link is spent, expired or for another address. */
export async function redeemAddressLink(store: BookingStore, email: string, link: string): Promise<string> {
  return (await store.redeemLink(email, link)).pass;
}

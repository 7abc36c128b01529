/** The one insert of a booking: the filled form as a row, with the pass its address earned. */
import type { BookingStore, ProvenSender } from '../bookingStore';
import { toBookingInsert, type CompleteBookingForm } from '../bookingForm';

/** Resolves once stored (a retry of a stored id too); throws a BookingNotStoredError for a refusal. */
export function insertBooking(
  store: BookingStore,
  values: CompleteBookingForm,
  id: string,
  sender: ProvenSender,
): Promise<void> {
  return store.insert(toBookingInsert(values, id), sender);
}

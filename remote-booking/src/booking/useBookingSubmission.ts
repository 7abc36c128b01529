import { useRef, useState } from 'react';
import type { BookingStore } from './bookingStore';
import { toBookingInsert, type CompleteBookingForm } from './bookingForm';

export type SubmissionStatus = 'idle' | 'submitting' | 'success' | 'error';

/**
 * SPEC §4: idle → submitting → success or error. The row id is made once per filled form and
 * kept across retries, so a retry after a lost answer cannot store a second booking; a second
 * click while one send is under way sends nothing.
 */
export function useBookingSubmission(store: BookingStore) {
  const [status, setStatus] = useState<SubmissionStatus>('idle');
  const sending = useRef(false);
  const bookingId = useRef<string | null>(null);

  async function submit(values: CompleteBookingForm): Promise<boolean> {
    if (sending.current) return false;
    sending.current = true;
    bookingId.current ??= crypto.randomUUID();
    setStatus('submitting');
    try {
      await store.insert(toBookingInsert(values, bookingId.current));
      bookingId.current = null;
      setStatus('success');
      return true;
    } catch (error) {
      console.error('[booking] the booking request was not stored', error);
      setStatus('error');
      return false;
    } finally {
      sending.current = false;
    }
  }

  return { status, submit };
}

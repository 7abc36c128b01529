import { useRef, useState } from 'react';
import { useLanguage } from 'shared-i18n';
import { BookingNotStoredError, type BookingStore } from './bookingStore';
import { toBookingInsert, type CompleteBookingForm } from './bookingForm';

/**
 * `limited`: the database's abuse limits refused it; the visitor is told to wait or write.
 * `slotTaken`: someone else booked the slot between choosing and sending; `slotUnavailable`: the
 * slot can no longer be booked (too soon now, a day just closed). Both keep every field.
 */
export type SubmissionStatus =
  'idle' | 'submitting' | 'success' | 'error' | 'limited' | 'slotTaken' | 'slotUnavailable';

function failureStatus(error: unknown): SubmissionStatus {
  if (!(error instanceof BookingNotStoredError)) return 'error';
  if (error.limitReached) return 'limited';
  if (error.slotRefusal === 'taken') return 'slotTaken';
  return error.slotRefusal ? 'slotUnavailable' : 'error';
}

interface SubmitOptions {
  /** What the form's honeypot field holds: people leave it empty, form-filling bots do not. */
  honeypot?: string;
}

/**
 * SPEC §4: idle → submitting → success or error (or limited). The row id is made once per filled
 * form and kept across retries, so a retry after a lost answer cannot store a second booking; a
 * second click while one send is under way sends nothing. A bot that filled the honeypot is told
 * "success" and nothing is sent, so it has no reason to try again.
 */
export function useBookingSubmission(store: BookingStore) {
  // The visitor's e-mails are written in the language of the page they booked on.
  const language = useLanguage();
  const [status, setStatus] = useState<SubmissionStatus>('idle');
  const sending = useRef(false);
  const bookingId = useRef<string | null>(null);

  async function submit(
    values: CompleteBookingForm,
    { honeypot = '' }: SubmitOptions = {},
  ): Promise<boolean> {
    if (sending.current) return false;
    if (honeypot !== '') {
      setStatus('success');
      return true;
    }
    sending.current = true;
    bookingId.current ??= crypto.randomUUID();
    setStatus('submitting');
    try {
      await store.insert(toBookingInsert(values, bookingId.current), { language });
      bookingId.current = null;
      setStatus('success');
      return true;
    } catch (error) {
      console.error('[booking] the booking request was not stored', error);
      setStatus(failureStatus(error));
      return false;
    } finally {
      sending.current = false;
    }
  }

  return { status, submit };
}

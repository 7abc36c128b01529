import { useEffect, type RefObject } from 'react';
import type { TFunction } from 'i18next';
import type { BookingFormValues } from '../booking/bookingForm';
import { applyBookingValidity } from './validityMessage';

/** Keeps each control's message current whenever a value or the language changes. */
export function useBookingValidity(
  form: RefObject<HTMLFormElement | null>,
  values: BookingFormValues,
  t: TFunction,
): void {
  useEffect(() => {
    if (form.current) applyBookingValidity(form.current, values, t);
  }, [form, values, t]);
}

import type { TFunction } from 'i18next';
import { isFormControl, type FormControl } from 'shared-forms';
import { localizedValidityMessage } from 'shared-i18n/validity';
import type { BookingFieldProblem } from 'supabase-schema';
import { bookingFormProblems, isBookingField, type BookingFormValues } from '../booking/bookingForm';

/** The address step's code field, which says its own messages (CodeStep). */
export const CODE_FIELD_NAME = 'code';

const PROBLEM_MESSAGES: Record<Exclude<BookingFieldProblem, 'tooLong' | 'control'>, string> = {
  required: 'validation.required',
  email: 'validation.email',
  url: 'validation.url',
  phone: 'validation.phone',
  option: 'validation.invalid',
};

/** A broken booking rule in the page's language; the length limit is the control's own maxLength. */
export function problemMessage(control: FormControl, problem: BookingFieldProblem, t: TFunction): string {
  if (problem === 'tooLong') return t('validation.tooLong', { max: (control as HTMLInputElement).maxLength });
  // The multi-line fields keep line breaks, and refuse only the other control characters.
  if (problem === 'control')
    return t(control.tagName === 'TEXTAREA' ? 'validation.controlMultiLine' : 'validation.control');
  return t(PROBLEM_MESSAGES[problem]);
}

/**
 * Gives every control of the form its message, so the browser's own validation (docs/product.md §6)
 * blocks the send and says at the field what is wrong: first a booking rule the database would
 * refuse the value for (supabase-schema's, the same the migration enforces), else the browser's own
 * verdict in the page's language. Returns whether the booking rules all hold.
 */
export function applyBookingValidity(
  form: HTMLFormElement,
  values: BookingFormValues,
  t: TFunction,
): boolean {
  const problems = bookingFormProblems(values);
  for (const control of Array.from(form.elements)) {
    if (!isFormControl(control) || control.name === CODE_FIELD_NAME) continue;
    const problem = isBookingField(control.name) ? problems[control.name] : null;
    // Cleared first: the browser's verdict, not our last message, decides what it says.
    control.setCustomValidity('');
    control.setCustomValidity(
      problem ? problemMessage(control, problem, t) : localizedValidityMessage(control, t),
    );
  }
  return Object.values(problems).every((problem) => problem === null);
}

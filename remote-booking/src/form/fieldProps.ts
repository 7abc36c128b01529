import type { TFunction } from 'i18next';
import type { BookingField, BookingFormValues } from '../booking/bookingForm';

export interface SectionProps {
  values: BookingFormValues;
  /** Props that bind a control to one field: name, value and change. */
  bind: (field: BookingField) => ReturnType<typeof bindField>;
  t: TFunction;
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export function bindField(
  field: BookingField,
  values: BookingFormValues,
  setField: (field: BookingField, value: string) => void,
) {
  return {
    name: field,
    value: values[field],
    onChange: (event: React.ChangeEvent<Control>) => setField(field, event.currentTarget.value),
  };
}

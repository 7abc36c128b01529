import type { ReactNode } from 'react';

/** One titled group of the booking form (docs/product.md §6: four sections, then additional information). */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="booking-form__section">
      <legend className="booking-form__legend">{title}</legend>
      <div className="booking-form__grid">{children}</div>
    </fieldset>
  );
}

import { useId, type ReactElement, type ReactNode } from 'react';
import './FormField.css';

interface FormFieldProps {
  label: string;
  required?: boolean;
  /** A hint under the control (e.g. the time zone); read with the field. */
  hint?: string;
  /** What follows the hint: notes that come and go (why some times are greyed out) and errors. */
  after?: ReactNode;
  /** Renders the control with the id and description it must carry. */
  children: (control: { id: string; 'aria-describedby'?: string }) => ReactElement;
}

/** A labelled form control; required ones carry an asterisk (docs/product.md §6). */
export function FormField({ label, required = false, hint, after, children }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="booking-field">
      <label htmlFor={id} className="booking-field__label">
        {label}
        {required && (
          <span aria-hidden="true" className="booking-field__required">
            {' '}
            *
          </span>
        )}
      </label>
      {children({ id, 'aria-describedby': hint ? hintId : undefined })}
      {hint && (
        <p id={hintId} className="booking-field__hint">
          {hint}
        </p>
      )}
      {after}
    </div>
  );
}

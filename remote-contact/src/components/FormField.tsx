import type { ReactNode } from 'react';

interface FormFieldProps {
  /** The id of the control inside, which the label names. */
  htmlFor: string;
  label: string;
  required?: boolean;
  /** Spans both columns of the form's grid. */
  wide?: boolean;
  children: ReactNode;
}

/** A labelled control; a required one shows an asterisk (its `required` tells assistive tech). */
export function FormField({ htmlFor, label, required = false, wide = false, children }: FormFieldProps) {
  return (
    <div className={wide ? 'contact-field contact-field--wide' : 'contact-field'}>
      <label className="contact-field__label" htmlFor={htmlFor}>
        {label}
        {required && (
          <span className="contact-field__required" aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      {children}
    </div>
  );
}

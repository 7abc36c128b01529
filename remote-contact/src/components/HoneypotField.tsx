import { useId, type Ref } from 'react';
import './HoneypotField.css';

interface HoneypotFieldProps {
  inputRef: Ref<HTMLInputElement>;
  /** Says to leave it empty, for a person who meets it anyway (a page without styles). */
  label: string;
}

/**
 * A field people never meet: off-screen, hidden from assistive technology, skipped by Tab and by
 * autofill. Bots that fill in every input they find fill this one too, which gives them away.
 */
export function HoneypotField({ inputRef, label }: HoneypotFieldProps) {
  const id = useId();
  return (
    <div className="contact-honeypot" aria-hidden="true">
      <label htmlFor={id}>{label}</label>
      <input ref={inputRef} id={id} type="text" name="website" tabIndex={-1} autoComplete="off" />
    </div>
  );
}

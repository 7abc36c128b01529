import { useId, type Ref } from 'react';
import './HoneypotField.css';

interface HoneypotFieldProps {
  inputRef: Ref<HTMLInputElement>;
  /** Says to leave it empty, for a person who meets it anyway (a page without styles). */
  label: string;
  /** A name bots want to fill ("website", "homepage") that no real field of the form uses. */
  name: string;
}

/**
 * A field people never meet: off-screen, hidden from assistive technology, skipped by Tab and by
 * autofill. Bots that fill in every input they find fill this one too, which gives them away.
 */
export function HoneypotField({ inputRef, label, name }: HoneypotFieldProps) {
  const id = useId();
  return (
    <div className="form-honeypot" aria-hidden="true">
      <label htmlFor={id}>{label}</label>
      <input ref={inputRef} id={id} type="text" name={name} tabIndex={-1} autoComplete="off" />
    </div>
  );
}

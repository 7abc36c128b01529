import type { TFunction } from 'i18next';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * The browser checks the rules (required, type, pattern, maxLength); this says what is wrong in
 * the page's language instead of the browser's.
 */
export function validityMessage(control: Control, t: TFunction): string {
  const { validity } = control;
  if (validity.valueMissing) return t('validation.required');
  if (validity.typeMismatch && control.type === 'email') return t('validation.email');
  if (validity.typeMismatch && control.type === 'url') return t('validation.url');
  if (validity.patternMismatch && control.type === 'tel') return t('validation.phone');
  if (validity.tooLong) return t('validation.tooLong', { max: (control as HTMLInputElement).maxLength });
  return t('validation.invalid');
}

/** Handlers that replace the browser's wording with ours, and clear it as soon as the field changes. */
export function localizedValidity(t: TFunction) {
  return {
    onInvalid: (event: React.FormEvent<Control>) => {
      const control = event.currentTarget;
      control.setCustomValidity('');
      if (!control.validity.valid) control.setCustomValidity(validityMessage(control, t));
    },
    onInput: (event: React.FormEvent<Control>) => event.currentTarget.setCustomValidity(''),
  };
}

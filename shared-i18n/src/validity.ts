import type { TFunction } from 'i18next';

/*
 * Imported as 'shared-i18n/validity': bundled into each app that uses it, not part of the shared
 * singleton, so a remote may rely on it whatever shell is deployed.
 */

type FormControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * The browser's own verdict on a form control (required, type, pattern, maxLength), worded in the
 * page's language: `t` resolves `validation.required`, `.email`, `.url`, `.phone`, `.tooLong` and
 * `.invalid` in the calling package's namespace. Empty when the control is valid.
 */
export function localizedValidityMessage(control: FormControl, t: TFunction): string {
  const { validity } = control;
  if (validity.valid || validity.customError) return '';
  if (validity.valueMissing) return t('validation.required');
  if (validity.typeMismatch && control.type === 'email') return t('validation.email');
  if (validity.typeMismatch && control.type === 'url') return t('validation.url');
  if (validity.patternMismatch && control.type === 'tel') return t('validation.phone');
  if (validity.tooLong) return t('validation.tooLong', { max: (control as HTMLInputElement).maxLength });
  return t('validation.invalid');
}

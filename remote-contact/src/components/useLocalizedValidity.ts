import { useEffect, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { NAMESPACE } from '../i18n';

type FormControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function isFormControl(element: Element): element is FormControl {
  return (
    element instanceof HTMLInputElement ||
    element instanceof HTMLSelectElement ||
    element instanceof HTMLTextAreaElement
  );
}

/** The browser's own verdict on a control, worded in the page's language ('' when valid). */
function localizedMessage(control: FormControl, t: TFunction): string {
  control.setCustomValidity('');
  const { validity } = control;
  if (validity.valueMissing) return t('validation.required');
  if (validity.typeMismatch && control.type === 'email') return t('validation.email');
  return '';
}

/**
 * Keeps the browser's native validation (SPEC §5) but has it speak the page's language rather
 * than the browser's: each control's message is set again whenever a value or the language changes,
 * so the bubble shown on submit is always current.
 */
export function useLocalizedValidity(form: RefObject<HTMLFormElement | null>, values: unknown): void {
  const { t } = useTranslation(NAMESPACE);
  useEffect(() => {
    for (const element of Array.from(form.current?.elements ?? [])) {
      if (isFormControl(element)) element.setCustomValidity(localizedMessage(element, t));
    }
  }, [form, t, values]);
}

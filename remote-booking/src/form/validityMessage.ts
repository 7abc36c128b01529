import type { TFunction } from 'i18next';
import { localizedValidityMessage } from 'shared-i18n/validity';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** Handlers that replace the browser's wording with ours, and clear it as soon as the field changes. */
export function localizedValidity(t: TFunction) {
  return {
    onInvalid: (event: React.FormEvent<Control>) => {
      const control = event.currentTarget;
      control.setCustomValidity('');
      control.setCustomValidity(localizedValidityMessage(control, t));
    },
    onInput: (event: React.FormEvent<Control>) => event.currentTarget.setCustomValidity(''),
  };
}

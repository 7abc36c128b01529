import { useEffect, type RefObject } from 'react';
import { useTranslation } from 'shared-i18n';
import { isFormControl } from 'shared-forms';
import { localizedValidityMessage } from 'shared-i18n/validity';
import { NAMESPACE } from '../i18n';

/**
 * Keeps the browser's native validation (docs/product.md §5) but has it speak the page's language
 * rather than the browser's: each control's message is set again whenever a value or the language
 * changes, so the bubble shown on submit is always current.
 */
export function useLocalizedValidity(form: RefObject<HTMLFormElement | null>, values: unknown): void {
  const { t } = useTranslation(NAMESPACE);
  useEffect(() => {
    for (const element of Array.from(form.current?.elements ?? [])) {
      if (!isFormControl(element)) continue;
      // Cleared first: the browser's verdict, not our last message, decides what to say.
      element.setCustomValidity('');
      element.setCustomValidity(localizedValidityMessage(element, t));
    }
  }, [form, t, values]);
}

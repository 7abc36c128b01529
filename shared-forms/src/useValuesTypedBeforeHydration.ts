import { useEffect, type RefObject } from 'react';
import { isFormControl } from './formControls';

/**
 * Keeps what a visitor typed into the server-rendered form before the page hydrated. React leaves
 * such text in the fields but not in the form's state (it does not replay those changes), so the
 * next render of a controlled field would wipe it: on a phone, the name typed in the first second.
 * Once hydrated, every field named in `values` whose text differs from its state is handed to
 * `adopt`, as if the visitor had typed it then.
 */
export function useValuesTypedBeforeHydration<Field extends string>(
  formRef: RefObject<HTMLFormElement | null>,
  values: Readonly<Record<Field, unknown>>,
  adopt: (field: Field, value: string) => void,
): void {
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    for (const element of form.elements) {
      if (!isFormControl(element) || !Object.hasOwn(values, element.name)) continue;
      const field = element.name as Field;
      if (element.value !== values[field]) adopt(field, element.value);
    }
    // Once, at hydration: later edits reach the state through the fields' own onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

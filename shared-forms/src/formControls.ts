/** The elements of a form that hold a value the visitor types or chooses. */
export type FormControl = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

export function isFormControl(element: Element): element is FormControl {
  return (
    element instanceof HTMLInputElement ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement
  );
}

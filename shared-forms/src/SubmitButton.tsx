import type { ComponentPropsWithRef } from 'react';
import { useHydrated } from './useHydrated';

type SubmitButtonProps = Omit<ComponentPropsWithRef<'button'>, 'type'>;

/**
 * A form's submit button, disabled until the page has hydrated: before, a press (or Enter in a
 * field) would submit the bare HTML form, reloading the page with what the visitor typed in its
 * URL. The button asks, not its form: React renders a component whose hydration value changes
 * again at once, synchronously, with everything inside it, and a whole form is a long task on a phone.
 */
export function SubmitButton({ disabled = false, ...props }: SubmitButtonProps) {
  const hydrated = useHydrated();
  return <button {...props} type="submit" disabled={disabled || !hydrated} />;
}

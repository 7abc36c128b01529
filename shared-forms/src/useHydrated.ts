import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/**
 * False in the server's HTML and while the browser hydrates it, true once React runs the page.
 * A form's submit button is disabled until then: before hydration a press (or Enter in a field)
 * would submit the bare HTML form, reloading the page with what the visitor typed in its URL.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

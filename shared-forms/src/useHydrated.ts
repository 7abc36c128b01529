import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/**
 * False in the server's HTML and while the browser hydrates it, true once React runs the page (a
 * control that does nothing before then says so, e.g. SubmitButton). The component that asks is
 * rendered again right after hydration, synchronously with all it contains: ask in a small one.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/**
 * The link of a code mail (`/booking?address=…`): read from the page's address through the router,
 * never asked about on load (mail scanners open links), and taken out of the address once spent or
 * refused, so a reload does not offer it again.
 */
import { useSyncExternalStore } from 'react';
import { useSearchParams } from 'shared-router';
import { ADDRESS_LINK_PARAMETER, ADDRESS_SECRET_PATTERN } from 'supabase-schema';

const subscribeToNothing = () => () => undefined;

/**
 * The link as the mail wrote it, or null: anything else is not worth a request. Null while
 * hydrating: the server renders /booking once for every query (its HTML is cached without one),
 * so the link's note appears just after hydration, not in the HTML the browser hydrates.
 */
export function useAddressLink(): string | null {
  const [search] = useSearchParams();
  const hydrated = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  const link = hydrated ? search.get(ADDRESS_LINK_PARAMETER) : null;
  return link !== null && ADDRESS_SECRET_PATTERN.test(link) ? link : null;
}

/**
 * Takes the link out of the page's address without a navigation (no loader runs again), keeping
 * the router's own history state. Browser only: called from an effect.
 */
export function forgetAddressLink(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(ADDRESS_LINK_PARAMETER)) return;
  url.searchParams.delete(ADDRESS_LINK_PARAMETER);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

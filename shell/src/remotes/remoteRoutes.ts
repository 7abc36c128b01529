import { matchRoutes } from 'shared-router';
import type { RemotePageId } from './remoteContracts';

/**
 * SPEC §2's route table: which remote page each path shows. The router's routes are made of these
 * entries (routes.tsx), case sensitive; `pageForPath` reads them with the router's own matcher.
 */
export const REMOTE_ROUTES = [
  { path: '/', page: 'marketing/HomePage' },
  { path: '/services', page: 'marketing/ServicesPage' },
  { path: '/services/:serviceId', page: 'marketing/ServiceDetailPage' },
  { path: '/about', page: 'marketing/AboutPage' },
  { path: '/privacy', page: 'marketing/PrivacyPage' },
  { path: '/terms', page: 'marketing/TermsPage' },
  { path: '/booking', page: 'booking/BookingPage' },
  { path: '/booking/cancel', page: 'booking/CancelBookingPage' },
  { path: '/contact', page: 'contact/ContactPage' },
] as const satisfies readonly { path: string; page: RemotePageId }[];

const MATCHED_ROUTES = REMOTE_ROUTES.map(({ path, page }) => ({ path, caseSensitive: true, page }));

/**
 * The page a pathname shows, or null (the 404 page, owned by the shell), without a router: the
 * page of a path is preloaded, and the server answers an unknown path, before any router exists.
 */
export function pageForPath(pathname: string): RemotePageId | null {
  return matchRoutes(MATCHED_ROUTES, pathname)?.at(-1)?.route.page ?? null;
}

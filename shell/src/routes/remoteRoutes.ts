// The site's paths and the remote page each one shows (docs/product.md §2), as plain data: the
// route table (routes.tsx) is made from it, and the layout reads it without importing the table it
// is part of.
import { matchRoutes } from 'shared-router';
import type { RemotePageId } from '../remotes/remoteContracts';

/** Which remote page each path shows: the table of docs/product.md §2. */
export const REMOTE_ROUTES = [
  { path: '/', page: 'marketing/HomePage' },
  { path: '/services', page: 'marketing/ServicesPage' },
  { path: '/services/:serviceId', page: 'marketing/ServiceDetailPage' },
  { path: '/about', page: 'marketing/AboutPage' },
  { path: '/privacy', page: 'marketing/PrivacyPage' },
  { path: '/terms', page: 'marketing/TermsPage' },
  { path: '/booking', page: 'booking/BookingPage' },
  // The cancel and change links' token is in their query.
  { path: '/booking/cancel', page: 'booking/CancelBookingPage', queryKept: true },
  { path: '/booking/change', page: 'booking/ChangeBookingPage', queryKept: true },
  { path: '/contact', page: 'contact/ContactPage' },
] as const satisfies readonly { path: string; page: RemotePageId; queryKept?: true }[];

/** The routes whose address carries what their page needs besides its path. */
const QUERY_KEPT_ROUTES = REMOTE_ROUTES.flatMap((route) =>
  'queryKept' in route ? [{ path: route.path, caseSensitive: true }] : [],
);

/** Whether the page at `pathname` needs its query kept when the language is switched. */
export function keepsQuery(pathname: string): boolean {
  return matchRoutes(QUERY_KEPT_ROUTES, pathname) !== null;
}

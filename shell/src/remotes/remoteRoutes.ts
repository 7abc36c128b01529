import type { RemotePageId } from './remoteContracts';

/**
 * SPEC §2's route table: which remote page each path shows. Plain data without React, so the
 * entry chunk can start loading the page of the URL before the shell itself has started.
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

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/** The page a pathname shows, or null (the 404 page, owned by the shell). */
export function pageForPath(pathname: string): RemotePageId | null {
  const wanted = segments(pathname);
  const route = REMOTE_ROUTES.find(({ path }) => {
    const pattern = segments(path);
    return (
      pattern.length === wanted.length &&
      pattern.every((part, index) => part.startsWith(':') || part === wanted[index])
    );
  });
  return route?.page ?? null;
}

/** The header's links, in the order of docs/product.md §3; labels are keys of the shell namespace. */
export const NAVIGATION = [
  { to: '/', label: 'nav.home' },
  { to: '/services', label: 'nav.services' },
  { to: '/contact', label: 'nav.contact' },
  { to: '/about', label: 'nav.about' },
] as const;

/** Pages worth loading before they are asked for: the header's links and its booking button. */
export const LIKELY_NEXT_PATHS = [...NAVIGATION.map((link) => link.to), '/booking'];

/** The footer's service links, as docs/product.md §3 lists them. */
export const FOOTER_SERVICES = [
  { to: '/services/seo', label: 'footer.services.seo' },
  { to: '/services/ppc', label: 'footer.services.ppc' },
  { to: '/services/social-media', label: 'footer.services.socialMedia' },
  { to: '/services/content', label: 'footer.services.content' },
  { to: '/services/web-development', label: 'footer.services.webDevelopment' },
  { to: '/services/analytics', label: 'footer.services.analytics' },
] as const;

export const FOOTER_COMPANY = [
  { to: '/about', label: 'footer.company.about' },
  { to: '/privacy', label: 'footer.company.privacy' },
  { to: '/terms', label: 'footer.company.terms' },
] as const;

/**
 * The header link a path makes current, as the header's NavLink decides it (letter case ignored; a
 * link other than Home is current for its own path and every path below it). The server's pages
 * that do not depend on the path otherwise (the 404, the error pages) differ only by this.
 */
export function currentNavigationTarget(pathname: string): string | null {
  const location = pathname.toLowerCase();
  const current = NAVIGATION.find(
    ({ to }) =>
      location === to || (to !== '/' && location.startsWith(to) && location.charAt(to.length) === '/'),
  );
  return current?.to ?? null;
}

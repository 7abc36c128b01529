/**
 * The pages this remote serves, exposed as `./sitePages` (the contract: `SitePagesModule` in
 * shell/src/remotes/remoteContracts.ts): the shell's server lists them in /sitemap.xml, and checks
 * each in both languages before a new version goes live. The cancel and change pages are reached
 * only from the links in a booking's e-mails, so they stay out of the sitemap; without a token they
 * render the "link not valid" state, which is what the check sees.
 */
export const sitePages: readonly { path: string; inSitemap?: false }[] = [
  { path: '/booking' },
  { path: '/booking/cancel', inSitemap: false },
  { path: '/booking/change', inSitemap: false },
];

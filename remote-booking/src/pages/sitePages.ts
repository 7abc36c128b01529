/**
 * The pages this remote serves, exposed as `./sitePages` (the contract: `SitePagesModule` in
 * shell/src/remotes/remoteContracts.ts): the shell's server lists them in /sitemap.xml, and checks
 * each in both languages before a new version goes live. The cancel page is reached only from the
 * link in a booking's e-mails, so it stays out of the sitemap; without a token it renders the
 * "link not valid" state, which is what the check sees.
 */
export const sitePages: readonly { path: string; inSitemap?: false }[] = [
  { path: '/booking' },
  { path: '/booking/cancel', inSitemap: false },
];

/**
 * The public pages this remote serves, exposed as `./sitePages`: the shell's server lists them in
 * /sitemap.xml (the contract: `SitePagesModule` in shell/src/remotes/remoteContracts.ts).
 */
export const sitePages: readonly { path: string }[] = [{ path: '/contact' }];

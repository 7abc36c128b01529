import { SERVICE_IDS, serviceRoute } from '../content/serviceIds';

/**
 * The public pages this remote serves, exposed as `./sitePages`: the shell's server lists them in
 * /sitemap.xml (the contract: `SitePagesModule` in shell/src/remotes/remoteContracts.ts). Every
 * service id has its page, so a service added to SERVICE_IDS is listed once this remote is deployed.
 */
export const sitePages: readonly { path: string }[] = [
  { path: '/' },
  { path: '/services' },
  ...SERVICE_IDS.map((id) => ({ path: serviceRoute(id) })),
  { path: '/about' },
  { path: '/privacy' },
  { path: '/terms' },
];

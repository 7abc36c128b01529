import { siteConfig } from 'site-config';

/**
 * The `<title>` of a page the shell answers itself (404, an HTTP error, a remote unavailable), in
 * the form page-metadata gives every remote's page: the page's title, then the agency's name.
 */
export function StatusPageTitle({ title }: { title: string }) {
  return <title>{`${title} | ${siteConfig.organizationName}`}</title>;
}

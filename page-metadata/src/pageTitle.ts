import { siteConfig } from 'site-config';

/** A page's <title>: its own title, then the site's name ("SEO | Istmo Digital"). */
export const pageTitle = (title: string) => `${title} | ${siteConfig.organizationName}`;

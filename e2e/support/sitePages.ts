import { MARKETING_PAGES } from './marketingPages';

/** A page of the composed site: who owns its copy, and the keys of its heading and <title>. */
export interface SitePage {
  path: string;
  owner: 'shell' | 'remote-marketing' | 'remote-booking' | 'remote-contact';
  heading: string;
  metaTitle: string;
  /** Reached only from a link in an e-mail: out of the sitemap, `noindex`, with no canonical or share card. */
  unlisted?: true;
}

/** Every page a visitor can reach (docs/product.md §2), each service page and the 404 page included. */
export const SITE_PAGES: SitePage[] = [
  ...MARKETING_PAGES.map(({ path, heading, metaTitle }) => ({
    path,
    owner: 'remote-marketing' as const,
    heading,
    metaTitle,
  })),
  { path: '/booking', owner: 'remote-booking', heading: 'title', metaTitle: 'metaTitle' },
  // Without a token: the "link not valid" state, as a release's check renders it.
  {
    path: '/booking/cancel',
    owner: 'remote-booking',
    heading: 'cancel.title',
    metaTitle: 'cancel.metaTitle',
    unlisted: true,
  },
  {
    path: '/booking/change',
    owner: 'remote-booking',
    heading: 'change.title',
    metaTitle: 'change.metaTitle',
    unlisted: true,
  },
  { path: '/contact', owner: 'remote-contact', heading: 'title', metaTitle: 'metaTitle' },
  { path: '/no-such-page', owner: 'shell', heading: 'notFound.title', metaTitle: 'notFound.metaTitle' },
];

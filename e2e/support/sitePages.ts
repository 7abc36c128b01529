import { MARKETING_PAGES } from './marketingPages';

/** A page of the composed site: who owns its copy, and the keys of its heading and <title>. */
export interface SitePage {
  path: string;
  owner: 'shell' | 'remote-marketing' | 'remote-booking' | 'remote-contact';
  heading: string;
  metaTitle: string;
}

/** Every page a visitor can reach (SPEC §2), each service page and the 404 page included. */
export const SITE_PAGES: SitePage[] = [
  ...MARKETING_PAGES.map(({ path, heading, metaTitle }) => ({
    path,
    owner: 'remote-marketing' as const,
    heading,
    metaTitle,
  })),
  { path: '/booking', owner: 'remote-booking', heading: 'title', metaTitle: 'metaTitle' },
  { path: '/contact', owner: 'remote-contact', heading: 'title', metaTitle: 'metaTitle' },
  { path: '/no-such-page', owner: 'shell', heading: 'notFound.title', metaTitle: 'notFound.metaTitle' },
];

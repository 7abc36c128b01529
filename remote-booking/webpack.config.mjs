import { createFederatedConfig } from 'build-tools/webpack';

/** The public entry of this remote: the pages the shell may load and the list of them (see shell/src/remotes/remoteContracts.ts). */
export const remote = {
  packageDir: import.meta.dirname,
  exposes: {
    './BookingPage': './src/pages/BookingPage.tsx',
    // The public pages it serves, for the shell's /sitemap.xml.
    './sitePages': './src/pages/sitePages.ts',
  },
  // Where bookings are stored; unset, the local backend of `npm start` (see src/config.ts).
  environment: ['SUPABASE_URL', 'SUPABASE_ANON_KEY'],
};

export default createFederatedConfig({ ...remote, title: 'remote-booking' });

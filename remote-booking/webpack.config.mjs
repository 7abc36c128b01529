import { createFederatedConfig } from 'build-tools/webpack';

/** The public entry of this remote: the pages the shell may load and the list of them (see shell/src/remotes/remoteContracts.ts). */
export const remote = {
  packageDir: import.meta.dirname,
  exposes: {
    './BookingPage': './src/pages/BookingPage.tsx',
    // Where a booking's cancel link leads (/booking/cancel?token=…): a chunk of its own.
    './CancelBookingPage': './src/pages/CancelBookingPage.tsx',
    // The public pages it serves, for the shell's /sitemap.xml.
    './sitePages': './src/pages/sitePages.ts',
  },
  // Few visitors open the cancel page: what it shares with the booking page is copied into its
  // chunk rather than split out of the booking page's, whose first load stays as it was.
  selfContainedExposes: ['./CancelBookingPage'],
};

export default createFederatedConfig({ ...remote, title: 'remote-booking' });

import { createFederatedConfig } from 'build-tools/webpack';

/** The public entry of this remote: the pages the shell may load and the list of them (see shell/src/remotes/remoteContracts.ts). */
export const remote = {
  packageDir: import.meta.dirname,
  exposes: {
    './BookingPage': './src/pages/BookingPage.tsx',
    // Where a booking's cancel link leads (/booking/cancel?token=…): a chunk of its own.
    './CancelBookingPage': './src/pages/CancelBookingPage.tsx',
    // Where its change link leads (/booking/change?token=…): a chunk of its own too.
    './ChangeBookingPage': './src/pages/ChangeBookingPage.tsx',
    // The public pages it serves, for the shell's /sitemap.xml.
    './sitePages': './src/pages/sitePages.ts',
  },
  // Few visitors open the cancel and change pages: what they share with the booking page is copied
  // into their chunks rather than split out of the booking page's, whose first load stays as it was.
  selfContainedExposes: ['./CancelBookingPage', './ChangeBookingPage'],
};

export default createFederatedConfig({ ...remote, title: 'remote-booking' });

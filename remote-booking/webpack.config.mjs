import { createFederatedConfig } from 'build-tools/webpack';

/** The public entry of this remote: the pages the shell may load (see shell/src/remotes/remoteContracts.ts). */
export default createFederatedConfig({
  packageDir: import.meta.dirname,
  title: 'remote-booking',
  exposes: {
    './BookingPage': './src/pages/BookingPage.tsx',
  },
});

import { createFederatedConfig } from 'build-tools/webpack';

/** The public entry of this remote: the pages the shell may load and the list of them (see shell/src/remotes/remoteContracts.ts). */
export const remote = {
  packageDir: import.meta.dirname,
  exposes: {
    './ContactPage': './src/pages/ContactPage.tsx',
    // The public pages it serves, for the shell's /sitemap.xml.
    './sitePages': './src/pages/sitePages.ts',
  },
};

export default createFederatedConfig({ ...remote, title: 'remote-contact' });

import { createFederatedConfig } from 'build-tools/webpack';

/** The public entry of this remote: the pages the shell may load and the list of them (see shell/src/remotes/remoteContracts.ts). */
export const remote = {
  packageDir: import.meta.dirname,
  exposes: {
    './HomePage': './src/pages/HomePage.tsx',
    './ServicesPage': './src/pages/ServicesPage.tsx',
    './ServiceDetailPage': './src/pages/ServiceDetailPage.tsx',
    './AboutPage': './src/pages/AboutPage.tsx',
    './PrivacyPage': './src/pages/PrivacyPage.tsx',
    './TermsPage': './src/pages/TermsPage.tsx',
    // The public pages it serves, for the shell's /sitemap.xml.
    './sitePages': './src/pages/sitePages.ts',
  },
};

export default createFederatedConfig({ ...remote, title: 'remote-marketing' });

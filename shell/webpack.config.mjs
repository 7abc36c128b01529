import { createFederatedConfig } from 'build-tools/webpack';

export default createFederatedConfig({
  packageDir: import.meta.dirname,
  title: 'Istmo Digital',
  // The remote registry (REGISTRY_URL in src/remotes/remoteRegistry.ts) arrives with main.js.
  preloadFetches: ['/remotes.json'],
  // Renders each request of the composed site on the shell's Node server (shell/server).
  serverEntry: './src/render/entry.server.ts',
  // favicon.ico, icon.svg, apple-touch-icon.png and site.webmanifest at the site's root.
  siteIcons: true,
  // Loaded once the page is interactive and idle (src/webVitals/startWebVitals.ts): not in the start file.
  lateChunks: ['web-vitals'],
});

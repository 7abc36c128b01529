import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Every module that must exist once in the composed page, mapped to the package whose version
 * range (from the app's own package.json) it must satisfy. Deep imports such as react-dom/client
 * are listed on their own because federation shares by request, not by package. The shell's start
 * (shell/src/index.ts) imports each in a task of its own; shell/src/startSteps.test.mjs holds the two
 * lists together.
 */
const SINGLETON_PACKAGES = {
  react: 'react',
  'react/jsx-runtime': 'react',
  'react/jsx-dev-runtime': 'react',
  'react-dom': 'react-dom',
  'react-dom/client': 'react-dom',
  // Routing is shared through this facade, never as react-router itself (see shared-router).
  'shared-router': 'shared-router',
  // Like routing, the React binding of i18next is shared through shared-i18n, never whole.
  i18next: 'i18next',
  'shared-i18n': 'shared-i18n',
  'site-config': 'site-config',
};

/** What the composed page shares once, by request (the shell's start takes them one step each). */
export const SINGLETON_REQUESTS = Object.keys(SINGLETON_PACKAGES);

/** @param {string} packageDir the app's folder, holding its package.json */
export function sharedSingletons(packageDir) {
  const manifest = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  const dependencies = { ...manifest.devDependencies, ...manifest.dependencies };
  /** @type {Record<string, { singleton: true, requiredVersion: string }>} */
  const shared = {};
  for (const [request, packageName] of Object.entries(SINGLETON_PACKAGES)) {
    const requiredVersion = dependencies[packageName];
    if (!requiredVersion) {
      throw new Error(`${manifest.name} must depend on ${packageName} to share ${request}`);
    }
    shared[request] = { singleton: true, requiredVersion };
  }
  return shared;
}

// Owns what the server reads of the shell's build once, at start: the client-rendered page, the
// asset list its pages are written with, and the renderer its server bundle (dist/server/main.js) makes.
import path from 'node:path';
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';

const require = createRequire(import.meta.url);

/**
 * The shell's assets as its pages name them, from the build's host-assets.json; its stylesheets
 * with their text, since they are written into every page.
 * @param {string} root
 */
async function assetsOf(root) {
  /** @type {{ stylesheets: string[], scripts: string[], localeScripts: Record<string, string[]> }} */
  const hostAssets = JSON.parse(await readFile(path.join(root, 'host-assets.json'), 'utf8'));
  const fromRoot = (/** @type {string[]} */ files) => files.map((file) => `/${file}`);
  return {
    stylesheets: await Promise.all(
      hostAssets.stylesheets.map(async (file) => ({
        href: `/${file}`,
        text: await readFile(path.join(root, file), 'utf8'),
      })),
    ),
    scripts: fromRoot(hostAssets.scripts),
    preloadFetches: ['/remotes.json'],
    localeScripts: Object.fromEntries(
      Object.entries(hostAssets.localeScripts).map(([language, files]) => [language, fromRoot(files)]),
    ),
  };
}

/**
 * @typedef {Omit<import('./renderBundle.js').SiteRendererOptions, 'assets'>} RendererOptions what the
 *   server configures of its renderer (the build gives its assets)
 */

/** @param {string} root the shell's build (dist), with its server bundle in dist/server */
export async function readShellBuild(root) {
  const [clientRenderedPage, assets] = await Promise.all([
    readFile(path.join(root, 'index.html'), 'utf8'),
    assetsOf(root),
  ]);
  /** @type {typeof import('./renderBundle.js')} */
  const bundle = require(path.join(root, 'server', 'main.js'));
  return {
    clientRenderedPage,
    /** @param {RendererOptions} options */
    createSiteRenderer: (options) => bundle.createSiteRenderer({ ...options, assets }),
  };
}

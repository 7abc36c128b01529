// Owns what the server reads of the shell's build once, at start: its files (which never change
// while the server runs), the client-rendered page, the asset list its pages are written with, and
// the renderer its server bundle (dist/server/main.js) makes.
import path from 'node:path';
import { createRequire } from 'node:module';
import { readFile, readdir } from 'node:fs/promises';

const require = createRequire(import.meta.url);

/** The build's files, as paths (`/main.js`). @param {string} root @returns {Promise<Set<string>>} */
async function filesOf(root) {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return new Set(
    entries
      .filter((entry) => entry.isFile())
      .map(
        (entry) =>
          `/${path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`,
      ),
  );
}

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
  const [files, clientRenderedPage, assets] = await Promise.all([
    filesOf(root),
    readFile(path.join(root, 'index.html'), 'utf8'),
    assetsOf(root),
  ]);
  /** @type {typeof import('./renderBundle.js')} */
  const bundle = require(path.join(root, 'server', 'main.js'));
  return {
    files,
    clientRenderedPage,
    /** @param {RendererOptions} options */
    createSiteRenderer: (options) => bundle.createSiteRenderer({ ...options, assets }),
  };
}

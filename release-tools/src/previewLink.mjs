// Owns the `preview` command's link (docs/releases.md, "Preview"): a published version of a remote,
// signed for the environment's shell with its preview secret, for QA to open before a release.
import { PREVIEW_MAX_MS, previewLink } from 'release-registry/preview-links';

const HOUR_MS = 60 * 60 * 1000;

/**
 * @typedef {object} PreviewRequest
 * @property {string} appName the remote (`marketing`)
 * @property {string} version a published version of it (`npm run releases` lists them)
 * @property {number} [hours] how long the link works (default 4, at most 24)
 * @property {string} [path] the page it opens (default `/`)
 * @property {string} siteUrl the environment's shell (SITE_URL)
 * @property {string} secret the environment's SHELL_PREVIEW_SECRET
 * @property {number} [now]
 */

/**
 * The link that shows `version` of the remote in the environment's shell to whoever opens it.
 * @param {import('./environment.mjs').ReleaseEnvironment} env @param {PreviewRequest} request
 */
export async function makePreviewLink(
  env,
  { appName, version, hours = 4, path = '/', siteUrl, secret, now = Date.now() },
) {
  if (!(hours > 0 && hours * HOUR_MS <= PREVIEW_MAX_MS))
    throw new Error('--hours must be more than 0 and at most 24');
  if (!path.startsWith('/')) throw new Error('--path must be a page of the site, such as /services');
  const published = await env.store(appName).list();
  if (!published.some((entry) => entry.version === version)) {
    throw new Error(`${version} is not a published version of ${appName} (npm run releases lists them)`);
  }
  const preview = {
    remote: appName,
    manifestUrl: env.manifestUrl(appName, version),
    expires: now + hours * HOUR_MS,
    path,
  };
  return previewLink(siteUrl, preview, secret);
}

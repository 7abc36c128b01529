// Owns /site.webmanifest: the build's web app manifest (icons, colours) given the environment's
// name (SITE_NAME, as the renderer read it at start), so one build serves every environment.
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { sendCacheable } from './cacheableResponses.mjs';

const FILE = 'site.webmanifest';

/** What a home screen shows: about 12 characters fit, else the name's first word. @param {string} name */
export function shortName(name) {
  return name.length <= 12 ? name : (name.split(/\s+/)[0] ?? name);
}

/**
 * @typedef {object} SiteManifestOptions
 * @property {string} root the shell's build, which holds the manifest without a name
 * @property {string} siteName the environment's SITE_NAME
 */

/** @type {import('fastify').FastifyPluginAsync<SiteManifestOptions>} */
export default async function siteManifest(app, { root, siteName }) {
  let built;
  try {
    built = JSON.parse(await readFile(path.join(root, FILE), 'utf8'));
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return; // a build without icons
    throw error;
  }
  const text = `${JSON.stringify({ name: siteName, short_name: shortName(siteName), ...built }, null, 2)}\n`;
  const manifest = { text };
  app.get(`/${FILE}`, (request, reply) => {
    request.routeKind = `/${FILE}`;
    return sendCacheable(request, reply, { rendered: manifest, text, type: 'application/manifest+json' });
  });
}

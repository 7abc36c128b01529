// Owns /site.webmanifest: the build's web app manifest (icons, colours) given the environment's
// name (SITE_NAME, as the renderer read it at start), so one build serves every environment, and
// the page's language (`?lang=pt`: its tag, and a start page in that language).
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
 * @property {Record<string, string>} languageTags each language's BCP 47 tag by its code, the
 *   default language first
 */

/** @type {import('fastify').FastifyPluginAsync<SiteManifestOptions>} */
export default async function siteManifest(app, { root, siteName, languageTags }) {
  let built;
  try {
    built = JSON.parse(await readFile(path.join(root, FILE), 'utf8'));
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return; // a build without icons
    throw error;
  }
  const [defaultLanguage] = Object.keys(languageTags);
  /** @type {Map<string, { text: string }>} */
  const manifests = new Map(
    Object.entries(languageTags).map(([language, lang]) => {
      const start = language === defaultLanguage ? '/' : `/?lang=${language}`;
      const fields = { name: siteName, short_name: shortName(siteName), ...built, lang, start_url: start };
      return [language, { text: `${JSON.stringify(fields, null, 2)}\n` }];
    }),
  );
  app.get(`/${FILE}`, (request, reply) => {
    request.routeKind = `/${FILE}`;
    const { lang } = /** @type {{ lang?: string }} */ (request.query);
    const manifest = manifests.get(lang ?? '') ?? manifests.get(defaultLanguage ?? '');
    if (!manifest) throw new Error('the site has no language');
    return sendCacheable(request, reply, {
      rendered: manifest,
      text: manifest.text,
      type: 'application/manifest+json',
    });
  });
}

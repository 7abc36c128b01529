// Owns /share/<app>/<image>-<language>.<hash>.png: each page's share image (Open Graph, Twitter
// card), drawn on request with this environment's name (SITE_NAME) from the texts the app's version
// carries (build-tools/shareImages), so one build of an app serves every environment.
import { LRUCache } from 'lru-cache';
import { renderShareImage } from 'build-tools/renderShareImage';
import {
  SHARE_IMAGES_PATH,
  SHARE_TEXTS_FILE,
  parseShareImageFile,
  shareTextHash,
} from 'build-tools/shareImages';
import { readThemeColours } from 'build-tools/themeTokens';

/**
 * A link previewer fetches the image once and keeps it; a day lets an operator's new SITE_NAME reach
 * previews without making every crawler draw it again.
 */
const IMAGE_CACHE_CONTROL = 'public, max-age=86400';
/** A version's texts file is immutable; how long a host that does not answer is waited for. */
const TEXTS_FETCH_TIMEOUT_MS = 5_000;

/**
 * @typedef {import('build-tools/shareImages').ShareImageText} ShareImageText
 * @typedef {import('build-tools/shareImages').ShareTexts} ShareTexts
 * @typedef {object} ShareImagesOptions
 * @property {string} siteName the environment's SITE_NAME, drawn beside the agency's mark
 * @property {() => import('./registrySource.mjs').RegistryDocument | undefined} latestRegistry the
 *   registry's document as last read: an image is looked for in each app's live version, then in
 *   the ones live before it (a page shared just before a release still has its image)
 */

/**
 * The versions' texts files, by manifest URL: a version never changes, so each is fetched once.
 * A failed fetch is not kept, and one under way is shared.
 */
function versionTexts() {
  return new LRUCache({
    max: 64,
    /** @param {string} manifestUrl @returns {Promise<ShareTexts>} */
    fetchMethod: async (manifestUrl) => {
      const url = new URL(SHARE_TEXTS_FILE, manifestUrl);
      const response = await fetch(url, { signal: AbortSignal.timeout(TEXTS_FETCH_TIMEOUT_MS) });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return /** @type {ShareTexts} */ (await response.json());
    },
  });
}

/** @type {import('fastify').FastifyPluginAsync<ShareImagesOptions>} */
export default async function shareImages(app, { siteName, latestRegistry }) {
  const colours = readThemeColours();
  const texts = versionTexts();
  /** Drawn images by text: drawing one takes a fifth of a second of CPU, sending it none. */
  const images = new LRUCache({
    max: 200,
    /** @param {string} _hash @param {unknown} _stale @param {{ context: ShareImageText }} options */
    fetchMethod: (_hash, _stale, { context }) => renderShareImage({ ...context, siteName, colours }),
  });

  /**
   * The text an image of that hash shows, from the app's live version or an earlier one; undefined
   * for any name no version made, which is never drawn.
   * @param {string} appName @param {{ key: string, language: string, hash: string }} wanted
   */
  async function findText(appName, { key, language, hash }) {
    const registry = latestRegistry();
    if (!registry || !Object.hasOwn(registry.remotes, appName)) return undefined;
    const earlier = Object.hasOwn(registry.previous ?? {}, appName) ? registry.previous?.[appName] : [];
    for (const manifestUrl of [registry.remotes[appName], ...(earlier ?? [])]) {
      if (typeof manifestUrl !== 'string') continue;
      const versionTexts = await texts.fetch(manifestUrl).catch(() => undefined);
      const text = versionTexts?.[key]?.[language];
      if (text && shareTextHash(text) === hash) return text;
    }
    return undefined;
  }

  app.get(`${SHARE_IMAGES_PATH}/:app/:file`, async (request, reply) => {
    request.routeKind = `${SHARE_IMAGES_PATH}/`;
    const { app: appName, file } = /** @type {{ app: string, file: string }} */ (request.params);
    const wanted = parseShareImageFile(file);
    const text = wanted ? await findText(appName, wanted) : undefined;
    if (!wanted || !text) return reply.callNotFound();
    const png = await images.fetch(wanted.hash, { context: text });
    return reply.type('image/png').header('cache-control', IMAGE_CACHE_CONTROL).send(png);
  });
}

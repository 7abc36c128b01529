import path from 'node:path';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { renderShareImage } from './renderShareImage.mjs';
import { readThemeColours, THEME_STYLESHEET } from '../themeTokens.mjs';

/** Where the images go in the build, under the app's public path. */
export const SHARE_IMAGES_FOLDER = 'share';

/**
 * @typedef {object} ShareImagesDescriptor an app's `shareImages.json`
 * @property {Record<string, string>} locales language → its translation file, relative to the descriptor
 * @property {Record<string, { title: string, subtitle: string }>} images image key → dotted keys of its text
 */

/**
 * Rendered images by everything that makes them, so an app's second build (browser and server
 * compile in one process) and a dev server's rebuilds reuse them.
 * @type {Map<string, Promise<{ png: Buffer, hash: string }>>}
 */
const rendered = new Map();

/** @param {import('./renderShareImage.mjs').ShareImageText} text */
function renderOnce(text) {
  const key = JSON.stringify(text);
  let image = rendered.get(key);
  if (!image) {
    image = renderShareImage(text).then((png) => ({
      png,
      hash: createHash('sha256').update(png).digest('hex').slice(0, 12),
    }));
    image.catch(() => rendered.delete(key));
    rendered.set(key, image);
  }
  return image;
}

/**
 * @param {unknown} translations @param {string} dottedKey @param {string} file
 * @returns {string}
 */
function translation(translations, dottedKey, file) {
  /** @type {unknown} */
  const value = dottedKey
    .split('.')
    .reduce(
      (node, part) => (node && typeof node === 'object' ? Reflect.get(node, part) : undefined),
      translations,
    );
  if (typeof value !== 'string' || value.trim() === '') {
    throw new Error(`shareImages: "${dottedKey}" is not a text in ${file}`);
  }
  return value;
}

/**
 * The `?shareImages` loader: reads an app's share-image descriptor and its translation files,
 * renders one 1200×630 PNG per image and language (cached), emits them with a content hash when
 * `emit` is on (the browser build) and exports, in both builds, the same
 * `{ [image]: { [language]: { url, alt } } }` with URLs under the app's public path.
 *
 * @this {import('webpack').LoaderContext<{ emit: boolean, siteName: string }>}
 * @param {string} source the descriptor's JSON
 */
export default async function shareImagesLoader(source) {
  const callback = this.async();
  try {
    const { emit, siteName } = this.getOptions();
    /** @type {ShareImagesDescriptor} */
    const descriptor = JSON.parse(source);
    const folder = path.dirname(this.resourcePath);
    const colours = readThemeColours();
    this.addDependency(THEME_STYLESHEET);
    const languages = await Promise.all(
      Object.entries(descriptor.locales).map(async ([language, relativeFile]) => {
        const file = path.resolve(folder, relativeFile);
        this.addDependency(file);
        return { language, file, translations: JSON.parse(await readFile(file, 'utf8')) };
      }),
    );
    const entries = await Promise.all(
      Object.entries(descriptor.images).map(async ([key, keys]) => {
        const byLanguage = await Promise.all(
          languages.map(async ({ language, file, translations }) => {
            const title = translation(translations, keys.title, file);
            const subtitle = translation(translations, keys.subtitle, file);
            const { png, hash } = await renderOnce({ title, subtitle, siteName, colours });
            const name = `${SHARE_IMAGES_FOLDER}/${key}-${language}.${hash}.png`;
            // No `contenthash` in the asset info: webpack's real-content-hash step would rename the
            // browser build's file and leave the server build's URL behind.
            if (emit) this.emitFile(name, png, undefined, { immutable: true });
            const url = `__webpack_public_path__ + ${JSON.stringify(name)}`;
            return `${JSON.stringify(language)}: { url: ${url}, alt: ${JSON.stringify(title)} }`;
          }),
        );
        return `  ${JSON.stringify(key)}: { ${byLanguage.join(', ')} },`;
      }),
    );
    callback(null, `export default {\n${entries.join('\n')}\n};\n`);
  } catch (error) {
    callback(/** @type {Error} */ (error));
  }
}

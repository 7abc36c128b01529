// Owns the `?shareImages` import: an app's share-image descriptor made into each image's URL and alt
// text per language, and the texts file the shell's server draws the images from.
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { SHARE_TEXTS_FILE, shareImagePath } from '../../shareImages/shareImageFiles.mjs';

/**
 * @typedef {object} ShareImagesDescriptor an app's `shareImages.json`
 * @property {Record<string, string>} locales language → its translation file, relative to the descriptor
 * @property {Record<string, { title: string, subtitle: string }>} images image key → dotted keys of its text
 */

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
 * The `?shareImages` loader: reads an app's share-image descriptor and its translation files and
 * exports, in both builds, `{ [image]: { [language]: { url, alt } } }`, each URL the site path the
 * shell's server draws that image at (with the environment's name, so one build serves every
 * environment). The browser build (`emit`) writes the texts to share/images.json, where the shell's
 * server reads them from the live version.
 *
 * @this {import('webpack').LoaderContext<{ emit: boolean, app: string }>}
 * @param {string} source the descriptor's JSON
 */
export default async function shareImagesLoader(source) {
  const callback = this.async();
  try {
    const { emit, app } = this.getOptions();
    /** @type {ShareImagesDescriptor} */
    const descriptor = JSON.parse(source);
    const folder = path.dirname(this.resourcePath);
    const languages = await Promise.all(
      Object.entries(descriptor.locales).map(async ([language, relativeFile]) => {
        const file = path.resolve(folder, relativeFile);
        this.addDependency(file);
        return { language, file, translations: JSON.parse(await readFile(file, 'utf8')) };
      }),
    );
    /** @type {import('../../shareImages/shareImageFiles.mjs').ShareTexts} */
    const texts = {};
    /** @type {Record<string, Record<string, { url: string, alt: string }>>} */
    const images = {};
    for (const [key, keys] of Object.entries(descriptor.images)) {
      texts[key] = {};
      images[key] = {};
      for (const { language, file, translations } of languages) {
        const text = {
          title: translation(translations, keys.title, file),
          subtitle: translation(translations, keys.subtitle, file),
        };
        texts[key][language] = text;
        images[key][language] = { url: shareImagePath({ app, key, language, text }), alt: text.title };
      }
    }
    if (emit) this.emitFile(SHARE_TEXTS_FILE, `${JSON.stringify(texts)}\n`);
    callback(null, `export default ${JSON.stringify(images, null, 2)};\n`);
  } catch (error) {
    callback(/** @type {Error} */ (error));
  }
}

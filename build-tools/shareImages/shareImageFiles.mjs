// Owns the contract between an app's build and the shell's server for share images: the texts
// file a version carries, the site path each image is asked at, and how that path is read back.
import { createHash } from 'node:crypto';

/** Where an app's build writes its images' texts, next to its mf-manifest.json. */
export const SHARE_TEXTS_FILE = 'share/images.json';

/** The site path the shell's server draws share images under: /share/<app>/<file>. */
export const SHARE_IMAGES_PATH = '/share';

/**
 * @typedef {{ title: string, subtitle: string }} ShareImageText what an image shows of its page
 * @typedef {Record<string, Record<string, ShareImageText>>} ShareTexts an app's texts file: image
 *   key → language → text
 */

/** Twelve hex digits of the text's SHA-256: a new text is a new URL. @param {ShareImageText} text */
export function shareTextHash({ title, subtitle }) {
  return createHash('sha256')
    .update(JSON.stringify([title, subtitle]))
    .digest('hex')
    .slice(0, 12);
}

/**
 * The path an image is served at: `/share/marketing/home-es.0123456789ab.png`.
 * @param {{ app: string, key: string, language: string, text: ShareImageText }} image
 */
export function shareImagePath({ app, key, language, text }) {
  return `${SHARE_IMAGES_PATH}/${app}/${key}-${language}.${shareTextHash(text)}.png`;
}

const FILE_NAME = /^([a-z0-9][a-z0-9-]{0,79})-([a-z]{2})\.([0-9a-f]{12})\.png$/;

/**
 * The image a file name asks for, or null for any name shareImagePath does not make.
 * @param {string} file
 * @returns {{ key: string, language: string, hash: string } | null}
 */
export function parseShareImageFile(file) {
  const match = FILE_NAME.exec(file);
  if (!match) return null;
  const [, key = '', language = '', hash = ''] = match;
  return { key, language, hash };
}

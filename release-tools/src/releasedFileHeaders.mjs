// The headers a released file is stored with on an object store, which serves them as they are:
// its type, its encoding (for the build's precompressed copies) and that it never changes.
import mime from 'mime-types';

/** A version's files never change (its name changes with any byte), so caches keep them for good. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The build's precompressed copies beside a file (`x.js.br`, `x.js.gz`), by suffix. */
const PRECOMPRESSED = new Map([
  ['.br', 'br'],
  ['.gz', 'gzip'],
]);

/**
 * @typedef {object} ReleasedFileHeaders
 * @property {string} ContentType
 * @property {string} CacheControl
 * @property {string} [ContentEncoding]
 */

/**
 * The headers of one file of a build. A `.br` or `.gz` file beside the file it compresses is that
 * file, encoded: it gets the original's type and the encoding (a CDN then answers a request that
 * accepts it with those bytes); any other `.gz` is a gzip archive.
 * @param {string} file the file's path in the build
 * @param {Set<string>} buildFiles every file of the build
 * @returns {ReleasedFileHeaders}
 */
export function releasedFileHeaders(file, buildFiles) {
  for (const [suffix, encoding] of PRECOMPRESSED) {
    const original = file.slice(0, -suffix.length);
    if (file.endsWith(suffix) && buildFiles.has(original)) {
      return { ContentType: contentTypeOf(original), CacheControl: IMMUTABLE, ContentEncoding: encoding };
    }
  }
  return { ContentType: contentTypeOf(file), CacheControl: IMMUTABLE };
}

/** @param {string} file */
function contentTypeOf(file) {
  return mime.contentType(file.split('/').at(-1) ?? file) || 'application/octet-stream';
}

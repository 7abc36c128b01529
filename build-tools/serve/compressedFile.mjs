import path from 'node:path';
import { readdir, readFile, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = /\.(html|js|mjs|css|json|map|svg|txt)$/;

/** @typedef {{ body: Buffer, encoding: 'br' | 'gzip' | null }} Encoded */

/** @type {Map<string, { mtimeMs: number, variants: Map<string, Promise<Buffer>> }>} */
const cache = new Map();

/**
 * The encoding a static host would pick: brotli when the browser takes it, else gzip.
 * @param {string | undefined} acceptEncoding
 * @returns {'br' | 'gzip' | null}
 */
function preferredEncoding(acceptEncoding = '') {
  if (/\bbr\b/.test(acceptEncoding)) return 'br';
  if (/\bgzip\b/.test(acceptEncoding)) return 'gzip';
  return null;
}

/**
 * A file's bytes as a CDN would send them: compressed at the highest level once per file version
 * (kept in memory until the file changes), so measured transfer sizes match a production host.
 *
 * @param {string} file
 * @param {string | undefined} acceptEncoding the request's Accept-Encoding
 * @returns {Promise<Encoded>}
 */
export async function compressedFile(file, acceptEncoding) {
  const encoding = COMPRESSIBLE.test(file) ? preferredEncoding(acceptEncoding) : null;
  const { mtimeMs } = await stat(file);
  let entry = cache.get(file);
  if (!entry || entry.mtimeMs !== mtimeMs) {
    entry = { mtimeMs, variants: new Map() };
    cache.set(file, entry);
  }
  const key = encoding ?? 'identity';
  let body = entry.variants.get(key);
  if (!body) {
    body = readFile(file).then((raw) => {
      if (encoding === 'br') {
        return brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } });
      }
      if (encoding === 'gzip') return gzipAsync(raw, { level: constants.Z_BEST_COMPRESSION });
      return raw;
    });
    entry.variants.set(key, body);
    // A failed read must not stay cached.
    body.catch(() => entry?.variants.delete(key));
  }
  return { body: await body, encoding };
}

/**
 * Compresses every servable text file of a build ahead of its first request, in the background:
 * brotli at its highest level takes about a quarter of a second for a large chunk, which a
 * visitor of a CDN with precompressed files never waits for. Source maps are left to be asked for.
 *
 * @param {string} root
 */
export async function precompressFolder(root) {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && COMPRESSIBLE.test(file) && !file.endsWith('.map')) await compressedFile(file, 'br');
  }
}

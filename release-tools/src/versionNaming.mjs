// A version's identity, the same on every store: its name (when it was published, then a hash of
// its build's content).
import { createHash } from 'node:crypto';
import { filesUnder, readBuildFile } from './buildFiles.mjs';

/** `20261125-130501042-3f9a2b1c0d`: when it was published, to the millisecond (so names sort in
 * time), then its content's hash. */
const VERSION = /^(\d{8})-(\d{9})-([0-9a-f]{10})$/;

/**
 * @typedef {object} PublishedVersion
 * @property {string} version
 * @property {Date} publishedAt
 */

/**
 * The version a name stands for, or null for anything else in the store (a folder being copied).
 * @param {string} version
 * @returns {PublishedVersion | null}
 */
export function parseVersion(version) {
  const match = VERSION.exec(version);
  if (!match) return null;
  const [, day = '', time = ''] = match;
  const iso = `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}T${time.slice(0, 2)}:${time.slice(2, 4)}:${time.slice(4, 6)}.${time.slice(6)}Z`;
  return { version, publishedAt: new Date(iso) };
}

/**
 * The version a manifest URL names, whatever its host (a CDN's, the bucket's, a local one): its
 * last path segment that is a version's name; null for none.
 * @param {string | null | undefined} manifestUrl
 */
export function versionInUrl(manifestUrl) {
  const segments = (manifestUrl ?? '').split(/[?#]/)[0]?.split('/') ?? [];
  return segments.findLast((segment) => VERSION.test(segment)) ?? null;
}

/** @param {string} hash @param {Date} now */
export function versionName(hash, now) {
  // 2026-11-25T13:05:01.042Z → 20261125-130501042
  const stamp = now.toISOString().replace(/[-:.]/g, '').replace('T', '-').slice(0, 18);
  return `${stamp}-${hash}`;
}

/** The version among these that holds this build's content, if one does. @param {PublishedVersion[]} versions @param {string} hash */
export function versionWithHash(versions, hash) {
  return versions.find(({ version }) => version.endsWith(`-${hash}`));
}

/**
 * A build's identity: every file's path and bytes, so two builds differ exactly when a byte does.
 * @param {Array<{ file: string, bytes: Buffer }>} files
 */
export function hashOfFiles(files) {
  const hash = createHash('sha256');
  for (const { file, bytes } of files.toSorted((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))) {
    hash.update(`${file}\0`);
    hash.update(bytes);
  }
  return hash.digest('hex').slice(0, 10);
}

/**
 * The identity of the build in a folder (hashOfFiles); refuses a folder holding a link
 * (buildFiles.mjs).
 * @param {string} dir
 */
export async function contentHash(dir) {
  return hashOfFiles(await readBuildFiles(dir));
}

/** Every file of a build and its bytes, read as a version takes them (buildFiles.mjs). @param {string} dir */
export async function readBuildFiles(dir) {
  const files = [];
  for (const file of await filesUnder(dir)) files.push({ file, bytes: await readBuildFile(dir, file) });
  return files;
}

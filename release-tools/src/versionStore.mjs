import path from 'node:path';
import { createHash } from 'node:crypto';
import { cp, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';

/** `20261125-130501042-3f9a2b1c0d`: when it was published, to the millisecond (so names sort in
 * time), then its content's hash. */
const VERSION = /^(\d{8})-(\d{9})-([0-9a-f]{10})$/;

/**
 * @typedef {object} PublishedVersion
 * @property {string} version
 * @property {Date} publishedAt
 */

/**
 * The release host's store of one app: every version a folder of its own that is never
 * overwritten (`<versionsDir>/<version>/`), so a version's URL always serves the same files.
 */
export class VersionStore {
  /** @param {string} versionsDir */
  constructor(versionsDir) {
    this.versionsDir = versionsDir;
  }

  /** @returns {Promise<PublishedVersion[]>} oldest first */
  async list() {
    let names = [];
    try {
      names = await readdir(this.versionsDir);
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return [];
      throw error;
    }
    return names
      .map((version) => ({ version, match: VERSION.exec(version) }))
      .filter(({ match }) => match)
      .map(({ version, match }) => {
        const [, day = '', time = ''] = /** @type {RegExpExecArray} */ (match);
        const iso = `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}T${time.slice(0, 2)}:${time.slice(2, 4)}:${time.slice(4, 6)}.${time.slice(6)}Z`;
        return { version, publishedAt: new Date(iso) };
      })
      .sort((a, b) => a.version.localeCompare(b.version));
  }

  /**
   * Publishes a build as a new version; the same build published again is the version it was.
   * The folder appears whole or not at all (copied aside, then renamed into place).
   * @param {string} buildDir the app's dist
   * @param {Date} [now]
   * @returns {Promise<{ version: string, isNew: boolean }>}
   */
  async publish(buildDir, now = new Date()) {
    const hash = await contentHash(buildDir);
    const existing = (await this.list()).find(({ version }) => version.endsWith(`-${hash}`));
    if (existing) return { version: existing.version, isNew: false };
    // 2026-11-25T13:05:01.042Z → 20261125-130501042
    const stamp = now.toISOString().replace(/[-:.]/g, '').replace('T', '-').slice(0, 18);
    const version = `${stamp}-${hash}`;
    const incoming = path.join(this.versionsDir, `.incoming-${version}-${process.pid}`);
    await mkdir(this.versionsDir, { recursive: true });
    await cp(buildDir, incoming, { recursive: true, errorOnExist: true, force: false });
    await rename(incoming, path.join(this.versionsDir, version));
    return { version, isNew: true };
  }

  /**
   * Deletes versions beyond the retention window: kept are the newest `keep`, any live within
   * `liveWithinMs` (an open tab or a CDN may still ask for its files), and those in `protect`.
   * @param {{ keep: number, liveWithinMs: number, liveSince: Map<string, Date>, protect: Set<string>, now?: Date }} policy
   *   liveSince: each version's last moment live (now, for the live one)
   * @returns {Promise<string[]>} the versions deleted
   */
  async prune({ keep, liveWithinMs, liveSince, protect, now = new Date() }) {
    const versions = await this.list();
    const newest = new Set(versions.slice(-keep).map(({ version }) => version));
    const pruned = versions
      .map(({ version }) => version)
      .filter((version) => {
        if (newest.has(version) || protect.has(version)) return false;
        const lastLive = liveSince.get(version);
        return !lastLive || now.getTime() - lastLive.getTime() > liveWithinMs;
      });
    for (const version of pruned) {
      await rm(path.join(this.versionsDir, version), { recursive: true, force: true });
    }
    return pruned;
  }
}

/**
 * A build's identity: every file's path and bytes, so two builds differ exactly when a byte does.
 * @param {string} dir
 */
async function contentHash(dir) {
  const hash = createHash('sha256');
  for (const file of (await filesUnder(dir)).sort()) {
    hash.update(`${file}\0`);
    hash.update(await readFile(path.join(dir, file)));
  }
  return hash.digest('hex').slice(0, 10);
}

/** @param {string} dir @param {string} [prefix] @returns {Promise<string[]>} */
async function filesUnder(dir, prefix = '') {
  const files = [];
  for (const name of await readdir(path.join(dir, prefix))) {
    const relative = path.posix.join(prefix, name);
    if ((await stat(path.join(dir, relative))).isDirectory())
      files.push(...(await filesUnder(dir, relative)));
    else files.push(relative);
  }
  return files;
}

// The folder store of one app's versions: the default, what `npm start` and a single machine use.
import path from 'node:path';
import { cp, mkdir, readdir, rename, rm } from 'node:fs/promises';
import { contentHash, parseVersion, versionName, versionWithHash } from './versionNaming.mjs';
import { versionsBeyondRetention } from './versionStoreContract.mjs';

/**
 * @typedef {import('./versionNaming.mjs').PublishedVersion} PublishedVersion
 * @typedef {import('./versionStoreContract.mjs').PrunePolicy} PrunePolicy
 * @typedef {import('./versionStoreContract.mjs').VersionStoreContract} VersionStoreContract
 */

/**
 * The release host's store of one app: every version a folder of its own that is never
 * overwritten (`<versionsDir>/<version>/`), so a version's URL always serves the same files.
 * @implements {VersionStoreContract}
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
      .flatMap((name) => parseVersion(name) ?? [])
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
    const existing = versionWithHash(await this.list(), hash);
    if (existing) return { version: existing.version, isNew: false };
    const version = versionName(hash, now);
    const incoming = path.join(this.versionsDir, `.incoming-${version}-${process.pid}`);
    await mkdir(this.versionsDir, { recursive: true });
    await cp(buildDir, incoming, { recursive: true, errorOnExist: true, force: false });
    await rename(incoming, path.join(this.versionsDir, version));
    return { version, isNew: true };
  }

  /**
   * Deletes versions beyond the retention window (versionsBeyondRetention).
   * @param {PrunePolicy} policy
   * @returns {Promise<string[]>} the versions deleted
   */
  async prune(policy) {
    const pruned = versionsBeyondRetention(await this.list(), policy);
    for (const version of pruned) {
      await rm(path.join(this.versionsDir, version), { recursive: true, force: true });
    }
    return pruned;
  }
}

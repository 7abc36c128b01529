// The folder store of one app's versions: the default, what `npm start` and a single machine use.
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { copyBuild } from './buildFiles.mjs';
import { contentHash, parseVersion, versionName, versionWithHash } from './versionNaming.mjs';
import { assertNoBuildFile, BUILD_FILE, describeBuild, parseBuild, serializeBuild } from './versionBuild.mjs';
import { REGISTRIES_FOLDER, registryRecordName, versionsBeyondRetention } from './versionStoreContract.mjs';

/**
 * @typedef {import('./versionNaming.mjs').PublishedVersion} PublishedVersion
 * @typedef {import('./versionStoreContract.mjs').PrunePolicy} PrunePolicy
 * @typedef {import('./versionStoreContract.mjs').PruneOptions} PruneOptions
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
   * Publishes a build as a new version, with the record of its build (`build.json`); the same
   * build published again is the version it was, its record unchanged. The build is copied aside
   * as plain files (a link in it is refused: buildFiles.mjs), its hash taken from the copy, which
   * is what the version serves, and the copy renamed into place: the folder appears whole or not
   * at all.
   * @param {string} buildDir the app's dist
   * @param {Date} [now]
   * @param {import('./versionBuild.mjs').VersionBuild} [build] default: no commit known
   * @returns {Promise<{ version: string, isNew: boolean }>}
   */
  async publish(buildDir, now = new Date(), build = undefined) {
    await mkdir(this.versionsDir, { recursive: true });
    const incoming = path.join(this.versionsDir, `.incoming-${process.pid}-${randomUUID()}`);
    try {
      assertNoBuildFile(await copyBuild(buildDir, incoming), buildDir);
      const hash = await contentHash(incoming);
      const existing = versionWithHash(await this.list(), hash);
      if (existing) return { version: existing.version, isNew: false };
      const version = versionName(hash, now);
      const record = build ?? (await describeBuild(buildDir, null, now));
      await writeFile(path.join(incoming, BUILD_FILE), serializeBuild(record));
      await rename(incoming, path.join(this.versionsDir, version));
      return { version, isNew: true };
    } finally {
      await rm(incoming, { recursive: true, force: true });
    }
  }

  /**
   * What the version records of its build, or null (a version published before versions did).
   * @param {string} version
   * @returns {Promise<import('./versionBuild.mjs').VersionBuild | null>}
   */
  async buildOf(version) {
    try {
      return parseBuild(await readFile(path.join(this.versionsDir, version, BUILD_FILE), 'utf8'));
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return null;
      throw error;
    }
  }

  /**
   * Deletes versions beyond the retention window (versionsBeyondRetention).
   * @param {PrunePolicy} policy
   * @param {PruneOptions} [options]
   * @returns {Promise<string[]>} the versions deleted
   */
  async prune(policy, { dryRun = false, deleting = () => {} } = {}) {
    const pruned = versionsBeyondRetention(await this.list(), policy);
    for (const version of pruned) {
      deleting(version);
      if (!dryRun) await rm(path.join(this.versionsDir, version), { recursive: true, force: true });
    }
    return pruned;
  }

  /** @param {string} registryName */
  async recordRegistry(registryName) {
    const folder = path.join(this.versionsDir, REGISTRIES_FOLDER);
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, registryRecordName(registryName)), JSON.stringify({ registryName }));
  }

  /** @returns {Promise<string[]>} */
  async registries() {
    const folder = path.join(this.versionsDir, REGISTRIES_FOLDER);
    const files = await readdir(folder).catch((/** @type {NodeJS.ErrnoException} */ error) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    const records = await Promise.all(files.map((file) => readFile(path.join(folder, file), 'utf8')));
    return records.map((record) => JSON.parse(record).registryName);
  }
}

// What every store of an app's versions promises (the folder store, the S3 store), and which
// versions a prune deletes: one rule for both.
import { createHash } from 'node:crypto';

/**
 * @typedef {import('./versionNaming.mjs').PublishedVersion} PublishedVersion
 * @typedef {import('./versionBuild.mjs').VersionBuild} VersionBuild
 */

/**
 * @typedef {object} PrunePolicy
 * @property {number} keep the newest versions always kept
 * @property {number} liveWithinMs any version live this recently is kept too
 * @property {Map<string, Date>} liveSince each version's last moment live in any environment (now,
 *   for a live one)
 * @property {Set<string>} protect versions never deleted (each environment's live one and last
 *   `keep` live: retention.mjs)
 * @property {Date} [now]
 */

/**
 * @typedef {object} VersionStoreContract
 * @property {() => Promise<PublishedVersion[]>} list the versions a reader can load, oldest first
 * @property {(buildDir: string, now?: Date, build?: VersionBuild) => Promise<{ version: string, isNew: boolean }>} publish
 *   publishes a build as a new version, whole or not at all, with the record of its build; the same
 *   build published again is the version it was (isNew false), its record unchanged
 * @property {(version: string) => Promise<VersionBuild | null>} buildOf what a version records of its
 *   build (versionBuild.mjs), null when it has no record
 * @property {(policy: PrunePolicy, options?: PruneOptions) => Promise<string[]>} prune deletes the
 *   versions beyond the retention window and says which
 * @property {(registryName: string) => Promise<void>} recordRegistry notes that a registry points at
 *   the store's versions (kept beside them, never served as a version)
 * @property {() => Promise<string[]>} registries the registries recorded
 */

/**
 * @typedef {object} PruneOptions
 * @property {boolean} [dryRun] say what would be deleted, delete nothing
 * @property {(version: string) => void} [deleting] told each version about to be deleted (or that
 *   would be, in a dry run)
 */

/** The file, in a store's folder of registries, that records one registry. @param {string} registryName */
export function registryRecordName(registryName) {
  return `${createHash('sha256').update(registryName).digest('hex').slice(0, 16)}.json`;
}

/** The folder (or key prefix), beside the versions, of the registries that point at them. */
export const REGISTRIES_FOLDER = '.registries';

/**
 * The versions a prune deletes: all but the newest `keep`, any live within `liveWithinMs` (an
 * open tab or a CDN may still ask for its files), and those in `protect`.
 * @param {PublishedVersion[]} versions oldest first
 * @param {PrunePolicy} policy
 * @returns {string[]}
 */
export function versionsBeyondRetention(
  versions,
  { keep, liveWithinMs, liveSince, protect, now = new Date() },
) {
  const newest = new Set(versions.slice(-keep).map(({ version }) => version));
  return versions
    .map(({ version }) => version)
    .filter((version) => {
      if (newest.has(version) || protect.has(version)) return false;
      const lastLive = liveSince.get(version);
      return !lastLive || now.getTime() - lastLive.getTime() > liveWithinMs;
    });
}

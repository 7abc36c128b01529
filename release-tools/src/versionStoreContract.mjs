// What every store of an app's versions promises (the folder store, the S3 store), and which
// versions a prune deletes: one rule for both.

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
 * @property {(policy: PrunePolicy) => Promise<string[]>} prune deletes the versions beyond the
 *   retention window and says which
 */

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

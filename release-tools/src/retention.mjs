// Retention across environments: which of an app's versions the environments sharing its store
// still need (live, live lately, among the last they had live), read from all their registries.

/**
 * @typedef {import('./environment.mjs').ReleaseEnvironment} ReleaseEnvironment
 * @typedef {import('./environment.mjs').RegistryReader} RegistryReader
 */

/**
 * Each version's last moment live in one environment: when a change took it off, or `now` for
 * the live one.
 * @param {ReleaseEnvironment} env @param {RegistryReader} registry @param {string} appName @param {Date} now
 * @returns {Promise<{ live: string | null, lastLive: Map<string, Date> }>}
 */
async function lastLiveIn(env, registry, appName, now) {
  /** @type {Map<string, Date>} */
  const lastLive = new Map();
  for (const change of await registry.history(appName)) {
    const left = env.versionOf(appName, change.from);
    if (left) lastLive.set(left, new Date(change.at));
  }
  const live = env.versionOf(appName, (await registry.read())?.remotes[appName]);
  if (live) lastLive.set(live, now);
  return { live, lastLive };
}

/**
 * What a prune of the app's store must keep for every environment sharing it: `liveSince`, each
 * version's last moment live in any of them, and `protect`, each one's live version and the last
 * `keep` versions it had live.
 * @param {ReleaseEnvironment} env @param {string} appName @param {{ keep: number, now: Date }} policy
 */
export async function versionsInUse(env, appName, { keep, now }) {
  /** @type {Map<string, Date>} */
  const liveSince = new Map();
  /** @type {Set<string>} */
  const protect = new Set();
  for (const registry of await env.registriesSharingStore()) {
    const { live, lastLive } = await lastLiveIn(env, registry, appName, now);
    if (live) protect.add(live);
    const newestFirst = [...lastLive].sort(([, a], [, b]) => b.getTime() - a.getTime());
    for (const [version] of newestFirst.slice(0, keep)) protect.add(version);
    for (const [version, at] of lastLive) {
      if (at > (liveSince.get(version) ?? 0)) liveSince.set(version, at);
    }
  }
  return { liveSince, protect };
}

// Retention across environments: which of an app's versions the environments sharing its store
// still need (live, in `previous`, live within the environment's own keep window), read from all
// their registries, whichever environment's job prunes; and the store's record of which
// registries point at it, so that a prune that would not read one of them is refused.
import { DEFAULT_RETENTION, previousVersions } from 'release-registry';
import { versionInUrl } from './versionNaming.mjs';

/**
 * @typedef {import('./environment.mjs').ReleaseEnvironment} ReleaseEnvironment
 * @typedef {import('./environment.mjs').RegistryReader} RegistryReader
 * @typedef {import('release-registry').Retention} Retention
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The keep settings a prune applies to one environment: its registry's (the Postgres owner's
 * row, or what that environment's own jobs recorded beside its registry file), the defaults when
 * it has none; the pruning job's own widen its own environment's, never narrow them.
 * @param {ReleaseEnvironment} env @param {RegistryReader} registry
 * @returns {Promise<Retention>}
 */
async function retentionOf(env, registry) {
  const recorded = (await registry.retention()) ?? DEFAULT_RETENTION;
  if (registry.name !== env.registry.name) return recorded;
  return {
    keep: Math.max(recorded.keep, env.retention.keep),
    keepLiveDays: Math.max(recorded.keepLiveDays, env.retention.liveWithinMs / DAY_MS),
  };
}

/**
 * What one environment needs of the app's versions, by version name (the host in its URLs may
 * be another than the pruning job's: a CDN in front of the same store).
 * @param {RegistryReader} registry @param {string} appName @param {Retention} retention @param {Date} now
 * @returns {Promise<{ needed: Set<string>, lastLive: Map<string, Date> }>}
 */
async function neededBy(registry, appName, { keep, keepLiveDays }, now) {
  const [document, history] = [await registry.read(), await registry.history(appName)];
  const liveUrl = document?.remotes[appName] ?? null;
  /** @type {Map<string, Date>} each version's last moment live: when a change took it off, or now */
  const lastLive = new Map();
  for (const change of history) {
    const left = versionInUrl(change.from);
    if (left) lastLive.set(left, new Date(change.at));
  }
  const live = versionInUrl(liveUrl);
  if (live) lastLive.set(live, now);
  const previous = [
    ...(document?.previous?.[appName] ?? []),
    ...(liveUrl ? (previousVersions(history, { [appName]: liveUrl })[appName] ?? []) : []),
  ];
  const newestFirst = [...lastLive].sort(([, a], [, b]) => b.getTime() - a.getTime());
  const withinDays = [...lastLive].filter(([, at]) => now.getTime() - at.getTime() <= keepLiveDays * DAY_MS);
  const needed = new Set(
    [
      live,
      ...previous.map(versionInUrl),
      ...newestFirst.slice(0, keep).map(([version]) => version),
      ...withinDays.map(([version]) => version),
    ].flatMap((version) => version ?? []),
  );
  return { needed, lastLive };
}

/**
 * What a prune of the app's store must keep for every environment whose registry it reads:
 * `protect`, each one's needs (neededBy, by its own keep settings); `liveSince`, each version's
 * last moment live in any of them; `keep`, the most newest versions any of them keeps.
 * @param {ReleaseEnvironment} env @param {string} appName @param {Date} now
 */
export async function versionsInUse(env, appName, now) {
  /** @type {Map<string, Date>} */
  const liveSince = new Map();
  /** @type {Set<string>} */
  const protect = new Set();
  let keep = env.retention.keep;
  for (const registry of await env.registriesSharingStore()) {
    const retention = await retentionOf(env, registry);
    keep = Math.max(keep, retention.keep);
    const { needed, lastLive } = await neededBy(registry, appName, retention, now);
    for (const version of needed) protect.add(version);
    for (const [version, at] of lastLive) {
      if (at > (liveSince.get(version) ?? 0)) liveSince.set(version, at);
    }
  }
  return { keep, liveSince, protect };
}

/**
 * Notes in the app's store that this environment's registry points at its versions, before it
 * does: a prune by any environment's job then knows to read it (assertEveryUserRead).
 * @param {ReleaseEnvironment} env @param {string} appName
 */
export async function recordStoreUse(env, appName) {
  await env.store(appName).recordRegistry(env.registry.name);
}

/**
 * Refuses a prune of a store that a registry the prune does not read points at: it would delete
 * what that environment needs. With registry files, RELEASES_SHARED_REGISTRIES names the others.
 * @param {ReleaseEnvironment} env @param {string} appName
 */
export async function assertEveryUserRead(env, appName) {
  const read = new Set((await env.registriesSharingStore()).map(({ name }) => name));
  const unread = (await env.store(appName).registries()).filter((name) => !read.has(name));
  if (unread.length > 0) {
    throw new Error(
      `${appName}'s versions are shared with registries this prune does not read (${unread.join(', ')}): name their remotes.json files in RELEASES_SHARED_REGISTRIES (separated by "${process.platform === 'win32' ? ';' : ':'}"), or use one Postgres registry for every environment`,
    );
  }
}

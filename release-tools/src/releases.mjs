// A team's releases in one environment: a build published as a version (and made live unverified,
// as `npm start` does), a version verified and made live, rollback, the list of versions, and the
// prune of those beyond the retention window. Promotion between environments is promotion.mjs.
import { REMOTE_APPS, appDist } from 'build-tools/apps';
import { verifyCandidate } from './verifyRelease.mjs';
import { assertEveryUserRead, recordStoreUse, versionsInUse } from './retention.mjs';
import { describeBuild } from './versionBuild.mjs';
import { versionAudit } from './releaseAudit.mjs';
import { passedVerification, whyNotVerified } from './verificationHistory.mjs';
import { assertKeepsLanguages, warnOfDroppedLanguages } from './versionLanguages.mjs';

/**
 * @typedef {import('./environment.mjs').ReleaseEnvironment} ReleaseEnvironment
 * @typedef {(line: string) => void} Log
 * @typedef {import('./verifyRelease.mjs').VerifyCheck} VerifyCheck
 */

/**
 * Publishes a build as a version of the app, recording the commit it was built from (the audit's:
 * RELEASE_COMMIT, the CI's, else the checkout's HEAD) and when.
 * @param {ReleaseEnvironment} env @param {string} appName @param {string} buildDir
 */
async function publishBuild(env, appName, buildDir) {
  const now = new Date();
  return env.store(appName).publish(buildDir, now, await describeBuild(buildDir, env.audit.commit, now));
}

/**
 * publishBuild for a team's command, which says which version the build is: a new one, or the one
 * the same bytes were published as before.
 * @param {ReleaseEnvironment} env @param {string} appName @param {string} buildDir @param {Log} log
 */
async function publishBuildAndSay(env, appName, buildDir, log) {
  const { version, isNew } = await publishBuild(env, appName, buildDir);
  log(`${isNew ? 'published' : 'already published as'} ${version} (${env.manifestUrl(appName, version)})`);
  return version;
}

/**
 * The manifest URLs of the app's versions on the environment's release host: a registry change
 * keeps their history however old (rollback --to, promotion and retention read it), since a
 * version retention kept must still be one they can take.
 * @param {ReleaseEnvironment} env @param {string} appName
 */
export async function manifestUrlsOnHost(env, appName) {
  return (await env.store(appName).list()).map(({ version }) => env.manifestUrl(appName, version));
}

/**
 * Publishes a build and, when it is a new build (or the remote has none live), points the
 * registry at it, with no verification: what `npm start` does with each app's current build. The
 * same build served again leaves the registry alone, so a rollback survives a restart.
 * @param {ReleaseEnvironment} env @param {string} appName @param {string} buildDir
 */
export async function publishAsLive(env, appName, buildDir) {
  const { version, isNew } = await publishBuild(env, appName, buildDir);
  const expected = (await env.registry.read())?.remotes[appName] ?? null;
  if (!isNew && expected) return version;
  await recordStoreUse(env, appName);
  await env.registry.change({
    remote: appName,
    expected,
    to: env.manifestUrl(appName, version),
    action: 'publish',
    allowOverrides: env.allowOverrides,
    audit: await versionAudit(env, appName, version),
    keepHistoryOf: await manifestUrlsOnHost(env, appName),
  });
  return version;
}

/**
 * Every remote's build in this checkout published and made live (publishAsLive), as `npm start`
 * and the test and bench set-ups begin: the versions, by remote.
 * @param {ReleaseEnvironment} env
 * @returns {Promise<Map<string, string>>}
 */
export async function publishEveryRemote(env) {
  const versions = new Map();
  for (const app of REMOTE_APPS) versions.set(app.name, await publishAsLive(env, app.name, appDist(app)));
  return versions;
}

/**
 * A team's `publish`: the build stored as a version and verified through the real shell server
 * (unless `verify` is false), without making it live: a preview link can show it, and
 * `release --version` makes it live. Throws when the verification fails (the version stays stored,
 * not live).
 * @param {ReleaseEnvironment} env
 * @param {{ appName: string, buildDir: string, verify: boolean, log: Log }} publication
 * @returns {Promise<string>} the version
 */
export async function publish(env, { appName, buildDir, verify, log }) {
  const registry = await env.registry.read();
  const { environment } = env.audit;
  const version = await publishBuildAndSay(env, appName, buildDir, log);
  const candidate = env.manifestUrl(appName, version);
  await verifyCandidate({ registry, environment, remote: appName, candidate, verify, log });
  log(`${version} is published, not live: preview --version ${version}, then release --version ${version}`);
  return version;
}

/**
 * A team's release: the build is published as a new version (or `version`, published before, is
 * taken), verified through the real shell server (unless `verify` is false), then made live, and
 * versions beyond the retention window are deleted. When anything fails, it throws and the live
 * version stays as it was.
 * @param {ReleaseEnvironment} env
 * @param {{ appName: string, buildDir?: string, version?: string, verify: boolean, log: Log, verifyCandidate?: VerifyCheck, dropLanguages?: string[] }} release
 *   `buildDir` or `version`; `dropLanguages`, the live version's languages this one may lack
 *   (versionLanguages.mjs)
 */
export async function release(
  env,
  { appName, buildDir, version: published, verify, log, verifyCandidate: check, dropLanguages },
) {
  const registry = await env.registry.read();
  const { environment } = env.audit;
  const live = registry?.remotes[appName] ?? null;
  let version;
  if (buildDir) {
    version = await publishBuildAndSay(env, appName, buildDir, log);
  } else if (published) {
    await assertPublished(env, appName, published);
    version = published;
  } else {
    throw new Error('release needs a build (buildDir) or a published version');
  }
  const candidate = env.manifestUrl(appName, version);
  if (candidate === live) {
    log(`${version} is already live: nothing to do`);
    return version;
  }
  await assertKeepsLanguages(env, appName, { live, candidate, dropping: dropLanguages, log });
  await verifyCandidate({ registry, environment, remote: appName, candidate, verify, log, check });
  await recordStoreUse(env, appName);
  await env.registry.change({
    remote: appName,
    expected: live,
    to: candidate,
    action: 'release',
    allowOverrides: env.allowOverrides,
    verified: verify,
    audit: await versionAudit(env, appName, version),
    keepHistoryOf: await manifestUrlsOnHost(env, appName),
  });
  log(`${version} is live`);
  try {
    await prune(env, appName, { deleting: (old) => log(`deleting ${old}: no environment needs it`) });
  } catch (error) {
    // The release stands; the next one prunes again.
    log(`could not delete old versions: ${error instanceof Error ? error.message : String(error)}`);
  }
  return version;
}

/**
 * Refuses a version that is not on the environment's release host.
 * @param {ReleaseEnvironment} env @param {string} appName @param {string} version
 */
export async function assertPublished(env, appName, version) {
  const published = await env.store(appName).list();
  if (!published.some((entry) => entry.version === version)) {
    throw new Error(
      `${version} is not a published version of ${appName} (never published, or pruned; npm run releases lists them)`,
    );
  }
}

/**
 * The versions made live one after another, latest last, with the ones rolled back taken off: a
 * rollback to the entry before the last one ends the last one's turn, so a second rollback goes one
 * further back instead of returning to the version the first one left.
 * @param {Array<{ action: string, from: string | null, to: string }>} history
 */
function liveLine(history) {
  /** @type {string[]} */
  const line = [];
  for (const change of history) {
    if (line.length === 0 && change.from) line.push(change.from);
    if (change.action === 'rollback' && line.at(-2) === change.to) line.pop();
    else if (line.at(-1) !== change.to) line.push(change.to);
  }
  return line;
}

/**
 * Makes an earlier version live again; no build, no verification (it passed before, and every
 * shell server checks it again before it switches). Without `to`, the version live before the
 * current one, and again, one more version back; with `to`, that version, if it passed
 * verification in this environment and the host still has it.
 * @param {ReleaseEnvironment} env @param {{ appName: string, to?: string, log: Log }} rollback
 */
export async function rollback(env, { appName, to, log }) {
  const live = (await env.registry.read())?.remotes[appName] ?? null;
  if (!live) throw new Error(`${appName} has no live version to roll back`);
  const target = to ? env.manifestUrl(appName, to) : await versionBefore(env, appName, live);
  if (!target) throw new Error(`${appName} has no earlier version to roll back to`);
  if (target === live) throw new Error(`${to} is already live`);
  const history = await env.registry.history(appName);
  const verified = passedVerification(history, target);
  if (to && !verified) {
    throw new Error(whyNotVerified(env, history, { appName, version: to, command: 'rollback --to' }));
  }
  const version = env.versionOf(appName, target);
  const published = await env.store(appName).list();
  if (version && !published.some((entry) => entry.version === version)) {
    throw new Error(
      to
        ? `${to} is not on the release host (never published, or pruned)`
        : `${version} is no longer on the release host (pruned)`,
    );
  }
  await warnOfDroppedLanguages(env, appName, { live, candidate: target, log });
  await recordStoreUse(env, appName);
  await env.registry.change({
    remote: appName,
    expected: live,
    to: target,
    action: 'rollback',
    verified,
    audit: await versionAudit(env, appName, version),
    keepHistoryOf: published.map((entry) => env.manifestUrl(appName, entry.version)),
  });
  log(`${version ?? target} is live again (it replaced ${env.versionOf(appName, live) ?? live})`);
  return version;
}

/**
 * The manifest URL live before `live`, following rollbacks back (liveLine).
 * @param {ReleaseEnvironment} env @param {string} appName @param {string | null} live
 */
async function versionBefore(env, appName, live) {
  const line = liveLine(await env.registry.history(appName));
  return line.at(-1) === live ? line.at(-2) : undefined;
}

/**
 * The versions on the release host, which one is live, since when, and the last change that
 * pointed the registry at each (its action, actor, commit and environment: the audit trail).
 * @param {ReleaseEnvironment} env @param {string} appName
 */
export async function listReleases(env, appName) {
  const live = (await env.registry.read())?.remotes[appName] ?? null;
  const history = await env.registry.history(appName);
  return (await env.store(appName).list()).map(({ version, publishedAt }) => {
    const url = env.manifestUrl(appName, version);
    const lastChange = history.findLast((change) => change.to === url) ?? null;
    return {
      version,
      publishedAt,
      live: url === live,
      liveSince: url === live && lastChange ? new Date(lastChange.at) : null,
      lastChange,
    };
  });
}

/**
 * Deletes the app's versions that no environment sharing the store needs (retention.mjs: none is
 * live in any of them, in any one's `previous`, or within any one's keep window), telling
 * `deleting` each before it goes; refused when the store records a registry this environment
 * does not read. A dry run deletes nothing and tells what would go.
 * @param {ReleaseEnvironment} env @param {string} appName
 * @param {{ now?: Date, dryRun?: boolean, deleting?: (version: string) => void }} [options]
 * @returns {Promise<string[]>} the versions deleted (or that would be)
 */
export async function prune(env, appName, { now = new Date(), dryRun = false, deleting } = {}) {
  await assertEveryUserRead(env, appName);
  const { keep, ...inUse } = await versionsInUse(env, appName, now);
  return env.store(appName).prune({ ...env.retention, keep, ...inUse, now }, { dryRun, deleting });
}

// Promotion: a version verified in one environment made live in another, the same manifest URL
// (the same bytes), with no build.
import { verifyCandidate } from './verifyRelease.mjs';
import { assertPublished, manifestUrlsOnHost } from './releases.mjs';
import { versionAudit } from './releaseAudit.mjs';
import { recordStoreUse } from './retention.mjs';
import { passedVerification, whyNotVerified } from './verificationHistory.mjs';
import { assertKeepsLanguages } from './versionLanguages.mjs';

/**
 * @typedef {import('./environment.mjs').ReleaseEnvironment} ReleaseEnvironment
 * @typedef {import('./verifyRelease.mjs').VerifyCheck} VerifyCheck
 */

/**
 * Makes `version` of the remote live in `to` (without one, the version live in `from` now): it
 * must be published, have passed verification in `from` (its history says so) and not have been
 * rolled back there since it last went live. It is verified again through a shell server on
 * `to`'s registry (unless `verify` is false), then made live by one change of `to`'s registry,
 * recorded as `promote` with `to`'s actor and the commit the version was built from. Throws,
 * leaving `to` unchanged, when any of that fails or the two environments share a registry.
 * @param {{ from: ReleaseEnvironment, to: ReleaseEnvironment }} environments
 * @param {{ appName: string, version?: string, verify: boolean, log: (line: string) => void, verifyCandidate?: VerifyCheck, dropLanguages?: string[] }} promotion
 *   `dropLanguages`: the languages live in `to` that the version may lack (versionLanguages.mjs)
 * @returns {Promise<string>} the manifest URL made live
 */
export async function promote(
  { from, to },
  { appName, version: named, verify, log, verifyCandidate: check, dropLanguages },
) {
  const [source, target] = [from.audit.environment, to.audit.environment];
  if (from.registryName === to.registryName) {
    throw new Error(
      `${source} and ${target} share one registry (${to.registryName}): promotion needs a registry per environment (RELEASES_REGISTRY_URL)`,
    );
  }
  const candidate = named ? await approvedIn(from, appName, named) : await liveIn(from, appName);
  const version = from.versionOf(appName, candidate) ?? candidate;
  if (!named) log(`promoting ${version}, live in ${source} now`);
  const registry = await to.registry.read();
  const live = registry?.remotes[appName] ?? null;
  if (candidate === live) {
    log(`${version} is already live in ${target}: nothing to do`);
    return candidate;
  }
  await assertKeepsLanguages(to, appName, { live, candidate, dropping: dropLanguages, log });
  await verifyCandidate({ registry, environment: target, remote: appName, candidate, verify, log, check });
  await recordStoreUse(to, appName);
  await to.registry.change({
    remote: appName,
    expected: live,
    to: candidate,
    action: 'promote',
    allowOverrides: to.allowOverrides,
    verified: verify,
    audit: await versionAudit(from, appName, from.versionOf(appName, candidate), to.audit),
    keepHistoryOf: await manifestUrlsOnHost(to, appName),
  });
  log(`${version} from ${source} is live in ${target}`);
  return candidate;
}

/** The remote's live manifest URL in `env`. @param {ReleaseEnvironment} env @param {string} appName */
async function liveIn(env, appName) {
  const live = (await env.registry.read())?.remotes[appName];
  if (!live) throw new Error(`${appName} has no live version in ${env.audit.environment}`);
  return live;
}

/**
 * The manifest URL of `version` when it may be promoted from `env`: published, verified there (a
 * verified release or promotion there recorded it: promote ships what was approved after passing
 * there, not merely what went live), and not rolled back there since it last went live.
 * @param {ReleaseEnvironment} env @param {string} appName @param {string} version
 */
async function approvedIn(env, appName, version) {
  const source = env.audit.environment;
  await assertPublished(env, appName, version);
  const candidate = env.manifestUrl(appName, version);
  const history = await env.registry.history(appName);
  if (!passedVerification(history, candidate)) {
    throw new Error(whyNotVerified(env, history, { appName, version, command: 'promote' }));
  }
  const lastWentLive = history.findLastIndex((change) => change.to === candidate);
  const rolledBack = history
    .slice(lastWentLive + 1)
    .find((change) => change.action === 'rollback' && change.from === candidate);
  if (rolledBack) {
    throw new Error(
      `${version} was rolled back in ${source} at ${rolledBack.at}: release it there again first`,
    );
  }
  return candidate;
}

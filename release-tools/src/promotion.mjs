// Promotion: the version live in one environment made live in another, the same manifest URL
// (the same bytes), with no build.
import { verifyRelease } from './verifyRelease.mjs';

/**
 * @typedef {import('./environment.mjs').ReleaseEnvironment} ReleaseEnvironment
 * @typedef {typeof verifyRelease} VerifyCandidate
 */

/**
 * Makes the remote's live version in `from` live in `to`: verified first through a shell server on
 * `to`'s registry (unless `verify` is false), then one change of `to`'s registry, recorded as
 * `promote` with `to`'s actor and commit. Throws, leaving `to` unchanged, when `from` has nothing
 * live, the two share a registry, or the verification fails.
 * @param {{ from: ReleaseEnvironment, to: ReleaseEnvironment }} environments
 * @param {{ appName: string, verify: boolean, log: (line: string) => void, verifyCandidate?: VerifyCandidate }} promotion
 */
export async function promote({ from, to }, { appName, verify, log, verifyCandidate = verifyRelease }) {
  const [source, target] = [from.audit.environment, to.audit.environment];
  if (from.registryName === to.registryName) {
    throw new Error(
      `${source} and ${target} share one registry (${to.registryName}): promotion needs a registry per environment (RELEASES_REGISTRY_URL)`,
    );
  }
  const candidate = (await from.registry.read())?.remotes[appName];
  if (!candidate) throw new Error(`${appName} has no live version in ${source}`);
  const registry = await to.registry.read();
  const live = registry?.remotes[appName] ?? null;
  const version = from.versionOf(appName, candidate) ?? candidate;
  if (candidate === live) {
    log(`${version} is already live in ${target}: nothing to do`);
    return candidate;
  }
  if (verify) {
    if (!registry) throw new Error(`${target} has no registry yet: its first version needs --no-verify`);
    await verifyCandidate({ registry, remote: appName, candidate, log });
    log(`verified on ${target}'s registry: every page answers 200 in every language`);
  }
  await to.registry.change({
    remote: appName,
    expected: live,
    to: candidate,
    action: 'promote',
    allowOverrides: to.allowOverrides,
    verified: verify,
    audit: to.audit,
  });
  log(`${version} from ${source} is live in ${target}`);
  return candidate;
}

// Who makes a registry change, from which commit, in which environment: what each history line
// records beside the change itself.
import os from 'node:os';
import { execFileSync } from 'node:child_process';

/**
 * @typedef {object} ReleaseAudit
 * @property {string} actor the person or CI job
 * @property {string | null} commit the git commit of the build (null: unknown)
 * @property {string} environment the registry's environment (`local`, `staging`, …)
 */

/**
 * Reads the audit fields from the environment's variables:
 * - actor: RELEASE_ACTOR, else the CI's user (GITHUB_ACTOR, GITLAB_USER_LOGIN), else its job
 *   (`ci job <CI_JOB_ID>`), else the OS user;
 * - commit: RELEASE_COMMIT, GITHUB_SHA or CI_COMMIT_SHA, else `git rev-parse HEAD` in `repository`;
 * - environment: RELEASES_ENV, default `local`.
 * @param {NodeJS.ProcessEnv} env @param {string} repository the folder whose HEAD built the release
 * @returns {ReleaseAudit}
 */
export function releaseAudit(env, repository) {
  return {
    actor:
      env.RELEASE_ACTOR ||
      env.GITHUB_ACTOR ||
      env.GITLAB_USER_LOGIN ||
      (env.CI_JOB_ID ? `ci job ${env.CI_JOB_ID}` : osUser()),
    commit: env.RELEASE_COMMIT || env.GITHUB_SHA || env.CI_COMMIT_SHA || headCommit(repository),
    environment: env.RELEASES_ENV || 'local',
  };
}

function osUser() {
  try {
    return os.userInfo().username;
  } catch {
    return 'unknown'; // a container's user with no name
  }
}

/** @param {string} repository */
function headCommit(repository) {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: repository,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null; // no git, or not a checkout (an unpacked tarball)
  }
}

/**
 * What the history records of a change that makes `version` live: the actor and environment of
 * `audit` (the changed environment's), and the commit the version was built from, as `env`'s store
 * records it (build.json; null for a version published before versions recorded it), whichever
 * job runs the change.
 * @param {import('./environment.mjs').ReleaseEnvironment} env the environment whose store holds it
 * @param {string} appName @param {string | null} version
 * @returns {Promise<ReleaseAudit>}
 */
export async function versionAudit(env, appName, version, audit = env.audit) {
  const build = version ? await env.store(appName).buildOf(version) : null;
  return { ...audit, commit: build?.commit ?? null };
}

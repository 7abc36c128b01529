// What an environment's history says of a version's verification there: whether it passed, and
// why not, for the commands that take only a version that did (rollback --to, promote --version).

/** @typedef {import('./registry.mjs').RegistryChange} RegistryChange */

/**
 * Whether the version at `manifestUrl` passed verification in the environment whose history this
 * is: a change recorded it (a verified release or promotion, a rollback to a version that had). A
 * version is on the host before it is verified, and `publish` records no verification, so being
 * published says nothing.
 * @param {RegistryChange[]} history one remote's @param {string} manifestUrl
 */
export function passedVerification(history, manifestUrl) {
  return history.some((change) => change.to === manifestUrl && change.verified);
}

/**
 * Why `command` refuses a version that did not pass verification in `env`: one line that names the
 * version and the environment, and what to run instead.
 * @param {import('./environment.mjs').ReleaseEnvironment} env
 * @param {RegistryChange[]} history the remote's, in `env`
 * @param {{ appName: string, version: string, command: string }} refused
 */
export function whyNotVerified(env, history, { appName, version, command }) {
  const { environment } = env.audit;
  const url = env.manifestUrl(appName, version);
  const changes = history.filter((change) => change.to === url);
  const instead = `release --env ${environment} --version ${version} verifies it and makes it live there`;
  if (changes.length === 0)
    return `${version} was never made live in ${environment}, so it never passed verification there: ${instead}`;
  return changes.every((change) => change.verified === undefined)
    ? `${version} was made live in ${environment} before the registry recorded verification, so ${command} cannot tell it passed: ${instead}`
    : `${version} was made live in ${environment} without verification (--no-verify or npm start), so ${command} cannot take it: ${instead}`;
}

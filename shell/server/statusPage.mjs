// The contract of the operator's status page (GET /_shell/status) as far as others read it: each
// remote's versions. Its one type and check, which the shell's renderer writes to and
// release-tools' verification and the e2e tests read through. No dependency.

/**
 * @typedef {object} Fallback why an earlier version is rendered: the version named (or its URL
 *   alone) and its failure
 * @property {string} named
 * @property {string} reason
 */

/**
 * @typedef {object} RemoteStatus what an operator reads of one remote
 * @property {string | null} named the version the registry names now (manifest URL and version), once asked
 * @property {string | null} rendering the version the server renders: the last one that loaded and passed
 * @property {{ version: string | null, reason: string, at: string } | null} lastFailure
 * @property {Fallback | null} fallback set while the version rendered is an earlier one standing in
 *   for the version the registry named, which failed when this server had none of the remote
 */

/** @param {unknown} value @returns {value is Record<string, unknown>} */
const isRecord = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
/** @param {unknown} value */
const isTextOrNull = (value) => value === null || typeof value === 'string';

/** @param {unknown} status */
function isRemoteStatus(status) {
  if (!isRecord(status) || !isTextOrNull(status.named) || !isTextOrNull(status.rendering)) return false;
  const { lastFailure, fallback } = status;
  const failureHolds =
    lastFailure === null ||
    (isRecord(lastFailure) &&
      isTextOrNull(lastFailure.version) &&
      typeof lastFailure.reason === 'string' &&
      typeof lastFailure.at === 'string');
  const fallbackHolds =
    fallback === null ||
    (isRecord(fallback) && typeof fallback.named === 'string' && typeof fallback.reason === 'string');
  return failureHolds && fallbackHolds;
}

/**
 * The remotes of a status page's answer, or an error saying why it is not one.
 * @param {unknown} value the page's JSON @param {string} where what the error calls it (a URL)
 * @returns {Record<string, RemoteStatus>}
 */
export function checkStatusPageRemotes(value, where) {
  if (!isRecord(value) || !isRecord(value.remotes))
    throw new Error(`${where} is not the shell's status page: it has no "remotes"`);
  for (const [remote, status] of Object.entries(value.remotes)) {
    if (!isRemoteStatus(status))
      throw new Error(`${where} is not the shell's status page: ${remote}'s status is not one`);
  }
  return /** @type {Record<string, RemoteStatus>} */ (value.remotes);
}

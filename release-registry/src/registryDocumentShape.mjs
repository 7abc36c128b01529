// An environment's registry document (remotes.json, or an environment read from the database): its
// one type and its one check, which every package reading or writing it imports (shell servers and
// browsers, release-tools, the e2e tests). No dependency: the shell's browser bundle holds it too.

/**
 * @typedef {object} RegistryDocument the environment's registry, as release-tools writes it and
 *   the shell reads it
 * @property {Record<string, string>} remotes each remote's live manifest URL
 * @property {Record<string, string[]>} [previous] each remote's manifest URLs live before its
 *   current one, newest first, distinct, at most 5 (absent from files written before it existed)
 * @property {boolean} [allowOverrides] QA overrides (never in production)
 * @property {number} [revision] one more with every change (absent from files written before it)
 */

/** @param {unknown} value */
const isUrl = (value) => {
  if (typeof value !== 'string') return false;
  try {
    return Boolean(new URL(value));
  } catch {
    return false;
  }
};

/** @param {unknown} value @returns {value is Record<string, unknown>} */
const isRecord = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `value` as a registry document, or an error saying why it is not one.
 * @param {unknown} value @param {string} where what the error calls it (a file, a URL)
 * @returns {RegistryDocument}
 */
export function checkRegistryDocument(value, where) {
  if (!isRecord(value) || !isRecord(value.remotes))
    throw new Error(`${where} is not a registry: it has no "remotes"`);
  if (!Object.values(value.remotes).every(isUrl))
    throw new Error(`${where} is not a registry: a remote's entry is not a URL`);
  const { previous, allowOverrides, revision } = value;
  if (previous !== undefined) {
    const lists = isRecord(previous) ? Object.values(previous) : [null];
    if (!lists.every((urls) => Array.isArray(urls) && urls.every(isUrl)))
      throw new Error(`${where} is not a registry: its "previous" is not lists of URLs`);
  }
  if (allowOverrides !== undefined && typeof allowOverrides !== 'boolean')
    throw new Error(`${where} is not a registry: its "allowOverrides" is not true or false`);
  if (revision !== undefined && !Number.isInteger(revision))
    throw new Error(`${where} is not a registry: its "revision" is not a whole number`);
  return /** @type {RegistryDocument} */ (value);
}

// What a registry document's `previous` says: the versions each remote had live before its
// current one, for a shell server that starts while the registry names one it cannot render.

/** How many earlier versions a document names per remote. */
export const PREVIOUS_KEPT = 5;

/**
 * The manifest URLs each remote had live before its current one, newest first, distinct, at most
 * PREVIOUS_KEPT. Every change's `from` was live until that change, so the changes' `from`s, newest
 * change first, are the answer.
 * @param {Array<{ remote: string, from: string | null }>} changes oldest first
 * @param {Record<string, string>} live each remote's current manifest URL
 * @returns {Record<string, string[]>}
 */
export function previousVersions(changes, live) {
  /** @type {Record<string, string[]>} */
  const previous = Object.fromEntries(Object.keys(live).map((remote) => [remote, []]));
  for (const { remote, from } of changes.toReversed()) {
    const urls = (previous[remote] ??= []);
    if (from && from !== live[remote] && !urls.includes(from) && urls.length < PREVIOUS_KEPT) {
      urls.push(from);
    }
  }
  return previous;
}

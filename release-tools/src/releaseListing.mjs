// What `npm run releases` prints: a line per version, with who made it live, from which commit.

/**
 * @typedef {Awaited<ReturnType<typeof import('./releases.mjs').listReleases>>[number]} ListedRelease
 */

/**
 * `* 20261125-130501042-3f9a2b1c0d  published <time>  live since <time>  release by alice
 * (3f9a2b1c0d2e, staging)`; the live one starred. A change recorded before the audit trail has
 * no actor or commit: `by ?`.
 * @param {ListedRelease} release
 */
export function releaseLine({ version, publishedAt, live, liveSince, lastChange }) {
  const state = live ? `live since ${liveSince?.toISOString() ?? '?'}` : '';
  const change = lastChange
    ? `${lastChange.action} by ${lastChange.actor ?? '?'} (${[lastChange.commit?.slice(0, 12) ?? 'commit ?', lastChange.environment].filter(Boolean).join(', ')})`
    : '';
  return [`${live ? '*' : ' '} ${version}`, `published ${publishedAt.toISOString()}`, state, change]
    .filter(Boolean)
    .join('  ');
}

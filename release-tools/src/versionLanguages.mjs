// The languages a version going live keeps: `release` and `promote` refuse one that drops a
// language the live version has, unless the team names the language (`--drop-language pt`), since
// its pages would then show in English to readers of that language; `rollback` warns instead.

/** What a version built before versions recorded their languages had. */
const LANGUAGES_BEFORE_RECORDED = ['en', 'es'];

/**
 * The languages a version of the app has, from its build record.
 * @param {import('./environment.mjs').ReleaseEnvironment} env @param {string} appName
 * @param {string} version
 */
async function languagesOfVersion(env, appName, version) {
  return (await env.store(appName).buildOf(version))?.languages ?? LANGUAGES_BEFORE_RECORDED;
}

/**
 * The languages the live version has and `candidate` lacks; none when either is not a version on
 * the environment's release host (a remote served from elsewhere).
 * @param {import('./environment.mjs').ReleaseEnvironment} env @param {string} appName
 * @param {{ live: string | null, candidate: string }} manifests the two manifest URLs
 */
export async function droppedLanguages(env, appName, { live, candidate }) {
  const [liveVersion, candidateVersion] = [
    live && env.versionOf(appName, live),
    env.versionOf(appName, candidate),
  ];
  if (!liveVersion || !candidateVersion) return [];
  const [before, after] = await Promise.all([
    languagesOfVersion(env, appName, liveVersion),
    languagesOfVersion(env, appName, candidateVersion),
  ]);
  return before.filter((language) => !after.includes(language));
}

/**
 * Refuses a candidate that drops a language the live version has, unless each is in `dropping`;
 * logs the ones dropped on purpose.
 * @param {import('./environment.mjs').ReleaseEnvironment} env @param {string} appName
 * @param {{ live: string | null, candidate: string, dropping?: string[], log: (line: string) => void }} change
 */
export async function assertKeepsLanguages(env, appName, { live, candidate, dropping = [], log }) {
  const dropped = await droppedLanguages(env, appName, { live, candidate });
  const unnamed = dropped.filter((language) => !dropping.includes(language));
  if (unnamed.length > 0) {
    throw new Error(
      `the live version of ${appName} has ${unnamed.join(', ')} and this one does not: its pages would show in English to those readers. Add the strings, or name each language with --drop-language ${unnamed[0]} to go on`,
    );
  }
  for (const language of dropped) log(`dropping ${language} as asked: its pages will show in English`);
}

/**
 * A rollback's warning when the version it makes live lacks a language the live one has.
 * @param {import('./environment.mjs').ReleaseEnvironment} env @param {string} appName
 * @param {{ live: string, candidate: string, log: (line: string) => void }} change
 */
export async function warnOfDroppedLanguages(env, appName, { live, candidate, log }) {
  const dropped = await droppedLanguages(env, appName, { live, candidate });
  if (dropped.length > 0) {
    log(
      `warning: the version rolled back to lacks ${dropped.join(', ')}, which the live one has: those pages show in English until a version with them is live`,
    );
  }
}

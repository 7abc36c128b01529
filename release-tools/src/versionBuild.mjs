// What a version records of its build: the commit it was built from, when, and the languages it
// has. A store writes it into the version (`build.json`, beside the build's files) when it
// publishes it, so a promotion or a rollback records the build's commit in the history, not the
// commit of the job that runs it, and a release can see a language it would take away.
import path from 'node:path';
import { readFile, stat } from 'node:fs/promises';

/** The record's file in a version's folder; a build may not have a file of that name. */
export const BUILD_FILE = 'build.json';

/**
 * @typedef {object} VersionBuild
 * @property {string | null} commit the git commit it was built from (null: unknown)
 * @property {string} builtAt ISO time the build wrote its manifest
 * @property {string[]} [languages] the languages its manifest declares (`metaData.languages`);
 *   absent for a build that declares none
 */

/**
 * The languages a build's manifest declares, or undefined.
 * @param {string} buildDir @returns {Promise<string[] | undefined>}
 */
async function declaredLanguages(buildDir) {
  try {
    const languages = JSON.parse(await readFile(path.join(buildDir, 'mf-manifest.json'), 'utf8'))?.metaData
      ?.languages;
    return isLanguageList(languages) ? languages : undefined;
  } catch {
    return undefined;
  }
}

/** @param {unknown} value @returns {value is string[]} */
function isLanguageList(value) {
  return Array.isArray(value) && value.every((language) => typeof language === 'string');
}

/**
 * The record of a build about to be published.
 * @param {string} buildDir @param {string | null} commit @param {Date} now used when the build has
 *   no manifest to date it by
 * @returns {Promise<VersionBuild>}
 */
export async function describeBuild(buildDir, commit, now = new Date()) {
  const languages = await declaredLanguages(buildDir);
  const declared = languages ? { languages } : {};
  try {
    const builtAt = (await stat(path.join(buildDir, 'mf-manifest.json'))).mtime.toISOString();
    return { commit, builtAt, ...declared };
  } catch {
    return { commit, builtAt: now.toISOString(), ...declared };
  }
}

/** The record as a store holds it. @param {VersionBuild} build */
export function serializeBuild(build) {
  return `${JSON.stringify(build, null, 2)}\n`;
}

/**
 * A stored record, or null when it is not one (a version published before versions recorded it).
 * @param {string} text
 * @returns {VersionBuild | null}
 */
export function parseBuild(text) {
  try {
    const { commit, builtAt, languages } = JSON.parse(text);
    if ((commit === null || typeof commit === 'string') && typeof builtAt === 'string')
      return { commit, builtAt, ...(isLanguageList(languages) ? { languages } : {}) };
  } catch {
    // not JSON: no record
  }
  return null;
}

/** Refuses a build that has a file where the record goes. @param {string[]} files its files @param {string} buildDir */
export function assertNoBuildFile(files, buildDir) {
  if (files.includes(BUILD_FILE))
    throw new Error(`${buildDir} has a ${BUILD_FILE} of its own: it is where a version records its build`);
}

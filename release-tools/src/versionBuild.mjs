// What a version records of its build: the commit it was built from and when. A store writes it
// into the version (`build.json`, beside the build's files) when it publishes it, so a promotion or
// a rollback records the build's commit in the history, not the commit of the job that runs it.
import path from 'node:path';
import { stat } from 'node:fs/promises';

/** The record's file in a version's folder; a build may not have a file of that name. */
export const BUILD_FILE = 'build.json';

/**
 * @typedef {object} VersionBuild
 * @property {string | null} commit the git commit it was built from (null: unknown)
 * @property {string} builtAt ISO time the build wrote its manifest
 */

/**
 * The record of a build about to be published.
 * @param {string} buildDir @param {string | null} commit @param {Date} now used when the build has
 *   no manifest to date it by
 * @returns {Promise<VersionBuild>}
 */
export async function describeBuild(buildDir, commit, now = new Date()) {
  try {
    return { commit, builtAt: (await stat(path.join(buildDir, 'mf-manifest.json'))).mtime.toISOString() };
  } catch {
    return { commit, builtAt: now.toISOString() };
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
    const { commit, builtAt } = JSON.parse(text);
    if ((commit === null || typeof commit === 'string') && typeof builtAt === 'string')
      return { commit, builtAt };
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

import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { findApp } from 'build-tools/apps';
import { commandSettings, environmentNamed } from './environment.mjs';
import { listReleases, prune, publish, release, rollback } from './releases.mjs';
import { promote } from './promotion.mjs';
import { releaseLine } from './releaseListing.mjs';
import { makePreviewLink } from './previewLink.mjs';

/**
 * A remote team's commands, run in its package (npm run <command> --workspace remote-<name>):
 *   release [--env <name>] [--no-verify] [--dist <folder> | --version <version>] [--drop-language <code>]…
 *                           build, publish a new version, verify it, make it live; --dist releases
 *                           a build made earlier (a CI job's artifact; a path from the package's
 *                           folder) instead of building; --version, a version published before;
 *                           refused when it lacks a language the live version has, unless each
 *                           is named with --drop-language (its pages then show in English)
 *   publish [--env <name>] [--no-verify] [--dist <folder>]
 *                           build, publish a new version and verify it, without making it live;
 *                           prints the version alone on stdout (the rest goes to stderr)
 *   rollback [--env <name>] [--to <version>]
 *                           the version live before the current one (or the one named) is live
 *                           again; warns when it lacks a language the live one has
 *   promote --from <env> --to <env> [--version <version>] [--no-verify] [--drop-language <code>]…
 *                           that version, verified in one environment, is made live in the other,
 *                           no build; without --version (refused when CI=true), the one live there now
 *   preview --version <version> [--hours <n>] [--path <page>]
 *                           a link (SITE_URL's shell, signed with SHELL_PREVIEW_SECRET) that shows
 *                           a published version to whoever opens it, for n hours (4; at most 24)
 *   releases [--env <name>] the versions on the release host, which is live, since when, and who
 *                           made each live from which commit
 *   prune [--env <name>] [--dry-run]
 *                           deletes the versions no environment sharing the store needs (a release
 *                           does it too), each logged; --dry-run lists them and deletes nothing
 * --env sets the environment (RELEASES_ENV, default local).
 */
const [command = '', ...flags] = process.argv.slice(2);
const packageDir = process.cwd();
const app = findApp(path.basename(packageDir));
// `publish` keeps stdout for its version, so that a CI step can read it.
const log = (/** @type {string} */ line) =>
  (command === 'publish' ? console.error : console.log)(`[${app.dir}] ${line}`);

/** The value after a flag (`--to v1`), or undefined. @param {string} name */
function flag(name) {
  const at = flags.indexOf(name);
  if (at === -1) return undefined;
  const value = flags[at + 1];
  if (!value || value.startsWith('--')) throw new Error(`${name} needs a value`);
  return value;
}

/** Every value of a flag given more than once (`--drop-language pt --drop-language es`). @param {string} name */
function flagValues(name) {
  return flags
    .flatMap((value, at) => (value === name ? [flags[at + 1] ?? ''] : []))
    .map((value) => {
      if (!value || value.startsWith('--')) throw new Error(`${name} needs a value`);
      return value;
    });
}

const environment = (/** @type {string | undefined} */ name) => environmentNamed(name);
const settings = commandSettings();

try {
  const verify = !flags.includes('--no-verify');
  const dropLanguages = flagValues('--drop-language');
  if (command === 'release' || command === 'publish') {
    const env = environment(flag('--env'));
    const [built, version] = [flag('--dist'), command === 'release' ? flag('--version') : undefined];
    if (built && version) throw new Error('--dist and --version name two things to release: give one');
    if (version) {
      await release(env, { appName: app.name, version, verify, log, dropLanguages });
    } else {
      if (!built) {
        log('building');
        execFileSync('npm', ['run', 'build'], { cwd: packageDir, stdio: ['ignore', 'ignore', 'inherit'] });
      }
      const buildDir = path.resolve(packageDir, built ?? 'dist');
      if (command === 'release')
        await release(env, { appName: app.name, buildDir, verify, log, dropLanguages });
      else console.log(await publish(env, { appName: app.name, buildDir, verify, log }));
    }
  } else if (command === 'rollback') {
    await rollback(environment(flag('--env')), { appName: app.name, to: flag('--to'), log });
  } else if (command === 'promote') {
    const [from, to] = [flag('--from'), flag('--to')];
    if (!from || !to) throw new Error('promote needs --from <environment> --to <environment>');
    const version = flag('--version');
    if (!version && settings.inCi) {
      throw new Error(
        `in CI, promote needs --version <version>: the one ${from} released and a person approved, not whatever ${from} has live when this job runs`,
      );
    }
    const promotion = { appName: app.name, version, verify, log, dropLanguages };
    await promote({ from: environment(from), to: environment(to) }, promotion);
  } else if (command === 'preview') {
    const [version, hours, secret] = [flag('--version'), flag('--hours'), settings.previewSecret];
    if (!version) throw new Error('preview needs --version <version> (npm run releases lists them)');
    if (!secret) throw new Error("set SHELL_PREVIEW_SECRET to the environment's preview secret");
    const request = { appName: app.name, version, path: flag('--path'), siteUrl: settings.siteUrl, secret };
    console.log(
      await makePreviewLink(environment(flag('--env')), {
        ...request,
        hours: hours ? Number(hours) : undefined,
      }),
    );
  } else if (command === 'releases') {
    const versions = await listReleases(environment(flag('--env')), app.name);
    if (versions.length === 0) log('no version published yet (npm start publishes the current build)');
    for (const entry of versions) console.log(releaseLine(entry));
  } else if (command === 'prune') {
    const dryRun = flags.includes('--dry-run');
    const deleting = (/** @type {string} */ version) =>
      log(`${dryRun ? 'would delete' : 'deleting'} ${version}: no environment needs it`);
    const pruned = await prune(environment(flag('--env')), app.name, { dryRun, deleting });
    if (pruned.length === 0) log('nothing to delete: every version is needed by some environment');
  } else {
    throw new Error(
      `unknown command "${command}": release, publish, rollback, promote, preview, releases or prune`,
    );
  }
} catch (error) {
  console.error(`[${app.dir}] ${command} failed: ${error instanceof Error ? error.message : String(error)}`);
  if (command !== 'releases' && command !== 'preview')
    console.error(`[${app.dir}] the live version is unchanged`);
  process.exitCode = 1;
}

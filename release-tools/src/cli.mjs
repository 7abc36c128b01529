import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { findApp } from 'build-tools/apps';
import { releaseEnvironment } from './environment.mjs';
import { listReleases, release, rollback } from './releases.mjs';
import { releaseLine } from './releaseListing.mjs';

/**
 * A remote team's commands, run in its package (npm run <command> --workspace remote-<name>):
 *   release [--no-verify]   build, publish a new version, verify it, make it live
 *   rollback                the version live before the current one is live again
 *   releases                the versions on the release host, which is live, since when, and
 *                           who made each live from which commit
 */
const [command, ...flags] = process.argv.slice(2);
const packageDir = process.cwd();
const app = findApp(path.basename(packageDir));
const env = releaseEnvironment();
const log = (/** @type {string} */ line) => console.log(`[${app.dir}] ${line}`);

try {
  if (command === 'release') {
    log('building');
    execFileSync('npm', ['run', 'build'], { cwd: packageDir, stdio: ['ignore', 'ignore', 'inherit'] });
    await release(env, {
      appName: app.name,
      buildDir: path.join(packageDir, 'dist'),
      verify: !flags.includes('--no-verify'),
      log,
    });
  } else if (command === 'rollback') {
    await rollback(env, { appName: app.name, log });
  } else if (command === 'releases') {
    const versions = await listReleases(env, app.name);
    if (versions.length === 0) log('no version published yet (npm start publishes the current build)');
    for (const entry of versions) console.log(releaseLine(entry));
  } else {
    throw new Error(`unknown command "${command}": release [--no-verify], rollback or releases`);
  }
} catch (error) {
  console.error(`[${app.dir}] ${command} failed: ${error instanceof Error ? error.message : String(error)}`);
  if (command === 'release') console.error(`[${app.dir}] the live version is unchanged`);
  process.exitCode = 1;
}

// The commands as a CI step runs them: `node cli.mjs <command>` in the remote's package.
import test from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { writeBuildForTests } from './buildForTests.mjs';
import { releaseEnvironment } from './environment.mjs';
import { publishAsLive } from './releases.mjs';

const CLI = path.join(import.meta.dirname, 'cli.mjs');
const PACKAGE = path.resolve(import.meta.dirname, '..', '..', 'remote-marketing');

/**
 * Runs a command in remote-marketing with the releases in `root`; never throws.
 * @param {string} root @param {string[]} args @param {Record<string, string>} [env]
 */
async function run(root, args, env = {}) {
  const variables = { ...process.env, RELEASES_DIR: path.join(root, 'releases'), CI: '', ...env };
  try {
    const { stdout, stderr } = await promisify(execFile)('node', [CLI, ...args], {
      cwd: PACKAGE,
      env: variables,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = /** @type {{ code: number, stdout: string, stderr: string }} */ (error);
    return { code, stdout, stderr };
  }
}

test('publish prints only the version on stdout, for a CI step to pass on, and the live version stays', async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'cli-test-'));
  const env = releaseEnvironment({ RELEASES_DIR: path.join(root, 'releases') });
  const live = await publishAsLive(env, 'marketing', await writeBuildForTests(root, 'one'));

  const published = await run(root, [
    'publish',
    '--no-verify',
    '--dist',
    await writeBuildForTests(root, 'two'),
  ]);

  assert.equal(published.code, 0, published.stderr);
  const version = published.stdout.trim();
  assert.match(version, /^\d{8}-\d{9}-[0-9a-f]{10}$/);
  assert.match(published.stderr, /is published, not live/);
  assert.equal((await env.registry.read())?.remotes.marketing, env.manifestUrl('marketing', live));
  assert.ok((await env.store('marketing').list()).some((entry) => entry.version === version));
});

test('in CI, promote without --version is refused, saying why, before it reads anything', async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'cli-test-'));
  const promoted = await run(root, ['promote', '--from', 'staging', '--to', 'production'], { CI: 'true' });

  assert.equal(promoted.code, 1);
  assert.match(promoted.stderr, /in CI, promote needs --version <version>: the one staging released/);
  assert.match(promoted.stderr, /the live version is unchanged/);
});

// A version serves only its own bytes: a build holding a link (to a file or a folder outside it)
// is refused before anything is stored, on both stores; a hard-linked file is copied as a file.
import test from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { execFile } from 'node:child_process';
import { link, lstat, mkdir, mkdtemp, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { writeBuildForTests } from './buildForTests.mjs';
import { releaseEnvironment } from './environment.mjs';
import { startS3Server } from './s3ServerForTests.mjs';

const CLI = path.join(import.meta.dirname, 'cli.mjs');
const PACKAGE = path.resolve(import.meta.dirname, '..', '..', 'remote-marketing');

/** A folder outside any build, with a secret in it. */
async function outsideFolder(/** @type {string} */ root) {
  const outside = path.join(root, 'outside');
  await mkdir(outside, { recursive: true });
  await writeFile(path.join(outside, 'secret.txt'), 'not part of any version');
  return outside;
}

/** Every entry below a folder that is a symbolic link. @param {string} dir @returns {Promise<string[]>} */
async function linksUnder(dir) {
  const links = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isSymbolicLink()) links.push(path.join(entry.parentPath, entry.name));
  }
  return links;
}

/** The two stores, each with a function saying what it holds. */
const STORES = {
  'the folder store': async (
    /** @type {import('node:test').TestContext} */ _t,
    /** @type {string} */ root,
  ) => {
    const env = releaseEnvironment({ RELEASES_DIR: path.join(root, 'releases') });
    const store = env.store('marketing');
    const versionsDir = env.versionsDir('marketing');
    const stored = async () => readdir(versionsDir).catch(() => []);
    return { store, stored };
  },
  'the S3 store': async (/** @type {import('node:test').TestContext} */ t, /** @type {string} */ root) => {
    const s3 = await startS3Server('releases');
    t.after(s3.close);
    const env = releaseEnvironment({
      RELEASES_DIR: path.join(root, 'releases'),
      RELEASES_BUCKET: 's3://releases/site',
      RELEASES_S3_ENDPOINT: s3.endpoint,
    });
    const store = /** @type {import('./s3VersionStore.mjs').S3VersionStore} */ (env.store('marketing'));
    const stored = async () => {
      const page = await store.client.send(new ListObjectsV2Command({ Bucket: 'releases' }));
      return (page.Contents ?? []).map(({ Key }) => Key);
    };
    return { store, stored };
  },
};

test('publish --dist of a build holding a link to /etc/hostname is refused, naming it, and no version is stored', async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'own-bytes-test-'));
  const build = await writeBuildForTests(root, 'leaky');
  await symlink('/etc/hostname', path.join(build, 'leak.js'));

  const run = promisify(execFile)('node', [CLI, 'publish', '--no-verify', '--dist', build], {
    cwd: PACKAGE,
    env: { ...process.env, RELEASES_DIR: path.join(root, 'releases'), CI: '' },
  });

  const failed = /** @type {{ code: number, stderr: string }} */ (
    await run.then(
      () => assert.fail('published'),
      (error) => error,
    )
  );
  assert.equal(failed.code, 1);
  assert.ok(failed.stderr.includes(`${path.join(build, 'leak.js')} is a symbolic link`), failed.stderr);
  const versionsDir = releaseEnvironment({ RELEASES_DIR: path.join(root, 'releases') }).versionsDir(
    'marketing',
  );
  assert.deepEqual(await readdir(versionsDir).catch(() => []), []);
});

for (const [name, storeOf] of Object.entries(STORES)) {
  test(`${name}: a build with a link to a folder outside it is refused, naming the link, before anything is stored`, async (t) => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'own-bytes-test-'));
    const { store, stored } = await storeOf(t, root);
    const build = await writeBuildForTests(root, 'folder-link');
    await symlink(await outsideFolder(root), path.join(build, 'server', 'assets'));

    await assert.rejects(
      store.publish(build),
      (error) =>
        error instanceof Error &&
        error.message.includes(`${path.join(build, 'server', 'assets')} is a symbolic link`),
    );
    assert.deepEqual(await stored(), []);
  });

  test(`${name}: a build with a FIFO is refused, naming it`, async (t) => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'own-bytes-test-'));
    const { store, stored } = await storeOf(t, root);
    const build = await writeBuildForTests(root, 'fifo');
    await promisify(execFile)('mkfifo', [path.join(build, 'pipe')]);

    await assert.rejects(store.publish(build), new RegExp(`${path.join(build, 'pipe')} is a FIFO`));
    assert.deepEqual(await stored(), []);
  });
}

test('the folder store: a published version folder holds plain files only, a hard-linked one copied', async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'own-bytes-test-'));
  const env = releaseEnvironment({ RELEASES_DIR: path.join(root, 'releases') });
  const build = await writeBuildForTests(root, 'plain');
  const secret = path.join(await outsideFolder(root), 'secret.txt');
  await link(secret, path.join(build, 'shared.txt'));

  const { version } = await env.store('marketing').publish(build);

  const versionDir = path.join(env.versionsDir('marketing'), version);
  assert.deepEqual(await linksUnder(env.versionsDir('marketing')), []);
  const copied = await lstat(path.join(versionDir, 'shared.txt'));
  assert.equal(copied.nlink, 1, 'the version shares its file with the build');
  assert.equal(await readFile(path.join(versionDir, 'shared.txt'), 'utf8'), 'not part of any version');
  assert.notEqual(copied.ino, (await lstat(secret)).ino);
});

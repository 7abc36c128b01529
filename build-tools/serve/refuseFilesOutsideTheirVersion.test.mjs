// The local release host serves a version's own files only: a link planted in a version folder
// after it was published (to a file outside, to a folder outside, to another version's file, as a
// precompressed copy, or as the version folder itself) is answered 404.
import test from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { createStaticApp } from './serveStaticApp.mjs';

const VERSION = '20260101-000000000-0123456789';
const OTHER = '20260102-000000000-9876543210';

async function setUp() {
  const root = await mkdtemp(path.join(os.tmpdir(), 'release-host-test-'));
  const [dist, versions, outside] = [
    path.join(root, 'dist'),
    path.join(root, 'versions'),
    path.join(root, 'outside'),
  ];
  for (const dir of [dist, outside, path.join(versions, VERSION), path.join(versions, OTHER)]) {
    await mkdir(dir, { recursive: true });
  }
  await writeFile(path.join(outside, 'secret.js'), '// not part of any version');
  await writeFile(path.join(versions, VERSION, 'remoteEntry.js'), '// the version');
  await writeFile(path.join(versions, OTHER, 'other.js'), '// another version');
  const app = await createStaticApp({ root: dist, versionsRoot: versions, serveIndexForRoutes: false });
  const get = async (/** @type {string} */ url, headers = {}) => app.inject({ method: 'GET', url, headers });
  return { versions, outside, app, get };
}

test("a version's own file is served, immutable", async () => {
  const { app, get } = await setUp();
  const response = await get(`/releases/${VERSION}/remoteEntry.js`);
  assert.equal(response.statusCode, 200);
  assert.equal(response.body, '// the version');
  assert.match(String(response.headers['cache-control']), /immutable/);
  await app.close();
});

test('a link planted in a version folder afterwards is not served, wherever it points', async () => {
  const { versions, outside, app, get } = await setUp();
  const folder = path.join(versions, VERSION);
  await symlink(path.join(outside, 'secret.js'), path.join(folder, 'leak.js'));
  await symlink(outside, path.join(folder, 'assets'));
  await symlink(path.join(versions, OTHER, 'other.js'), path.join(folder, 'borrowed.js'));
  await symlink(path.join(outside, 'secret.js'), path.join(folder, 'remoteEntry.js.br'));
  await symlink(outside, path.join(versions, '20260103-000000000-aaaaaaaaaa'));

  for (const url of [
    `/releases/${VERSION}/leak.js`,
    `/releases/${VERSION}/assets/secret.js`,
    `/releases/${VERSION}/borrowed.js`,
    '/releases/20260103-000000000-aaaaaaaaaa/secret.js',
  ]) {
    const response = await get(url);
    assert.equal(response.statusCode, 404, `${url} answered ${response.statusCode}: ${response.body}`);
    assert.doesNotMatch(response.body, /not part of any version|another version/);
  }
  const compressed = await get(`/releases/${VERSION}/remoteEntry.js`, { 'accept-encoding': 'br' });
  assert.equal(compressed.statusCode, 404);
  assert.doesNotMatch(compressed.body, /not part of any version/);
  await app.close();
});

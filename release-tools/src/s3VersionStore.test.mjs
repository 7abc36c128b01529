import test from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { startS3Server } from './s3ServerForTests.mjs';
import { releaseEnvironment } from './environment.mjs';
import { contentHash, versionName } from './versionNaming.mjs';

const DAY_MS = 24 * 60 * 60 * 1000;
const ENTRY = '// remote entry\n'.repeat(50);

/** @param {import('node:test').TestContext} t */
async function setUp(t) {
  const s3 = await startS3Server('releases');
  t.after(s3.close);
  const root = await mkdtemp(path.join(os.tmpdir(), 's3-store-test-'));
  const env = releaseEnvironment({
    RELEASES_DIR: path.join(root, 'releases'),
    RELEASES_BUCKET: 's3://releases/site',
    RELEASES_S3_ENDPOINT: s3.endpoint,
  });
  const store = /** @type {import('./s3VersionStore.mjs').S3VersionStore} */ (env.store('marketing'));
  /** A build like remote-marketing's: a manifest, an entry with its precompressed copies, a server file. */
  const build = async (/** @type {string} */ text) => {
    const dir = path.join(root, 'builds', text);
    await mkdir(path.join(dir, 'server'), { recursive: true });
    await writeFile(path.join(dir, 'mf-manifest.json'), JSON.stringify({ text }));
    await writeFile(path.join(dir, 'remoteEntry.js'), ENTRY);
    await writeFile(path.join(dir, 'remoteEntry.js.br'), brotliCompressSync(ENTRY));
    await writeFile(path.join(dir, 'remoteEntry.js.gz'), gzipSync(ENTRY));
    await writeFile(path.join(dir, 'server', 'remoteEntry.js'), `// ${text}`);
    return dir;
  };
  const head = (/** @type {string} */ version, /** @type {string} */ file) =>
    store.client.send(
      new HeadObjectCommand({ Bucket: 'releases', Key: `${store.versionsKey}${version}/${file}` }),
    );
  const keysUnder = async (/** @type {string} */ prefix) => {
    const page = await store.client.send(new ListObjectsV2Command({ Bucket: 'releases', Prefix: prefix }));
    return (page.Contents ?? []).map(({ Key }) => Key);
  };
  return { env, store, build, head, keysUnder };
}

test('a published version is listed, and its manifest URL serves its bytes over plain HTTP', async (t) => {
  const { env, store, build } = await setUp(t);
  assert.equal(store.versionsKey, 'site/remote-marketing/releases/');
  const { version, isNew } = await store.publish(await build('one'));

  assert.equal(isNew, true);
  assert.deepEqual(
    (await store.list()).map((entry) => entry.version),
    [version],
  );
  const manifestUrl = env.manifestUrl('marketing', version);
  assert.equal(env.versionOf('marketing', manifestUrl), version);
  const response = await fetch(manifestUrl);
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { text: 'one' });
});

test("each object has its type, is cached for good, and a precompressed copy has its original's type and its encoding", async (t) => {
  const { store, build, head } = await setUp(t);
  const { version } = await store.publish(await build('one'));

  const entry = await head(version, 'remoteEntry.js');
  assert.match(entry.ContentType ?? '', /^text\/javascript/);
  assert.equal(entry.CacheControl, 'public, max-age=31536000, immutable');
  assert.equal(entry.ContentEncoding, undefined);
  assert.match((await head(version, 'mf-manifest.json')).ContentType ?? '', /^application\/json/);
  for (const [suffix, encoding] of [
    ['.br', 'br'],
    ['.gz', 'gzip'],
  ]) {
    const copy = await head(version, `remoteEntry.js${suffix}`);
    assert.equal(copy.ContentEncoding, encoding);
    assert.equal(copy.ContentType, entry.ContentType);
    assert.equal(copy.CacheControl, 'public, max-age=31536000, immutable');
  }
  const stored = await store.client.send(
    new GetObjectCommand({ Bucket: 'releases', Key: `${store.versionsKey}${version}/remoteEntry.js.br` }),
  );
  assert.deepEqual(Buffer.from((await stored.Body?.transformToByteArray()) ?? []), brotliCompressSync(ENTRY));
});

test('the same build published again is the same version, not a new one', async (t) => {
  const { store, build } = await setUp(t);
  const first = await store.publish(await build('one'));
  const again = await store.publish(await build('one'), new Date(Date.now() + 1000));
  assert.deepEqual(again, { version: first.version, isNew: false });
  assert.equal((await store.list()).length, 1);
});

test('a version whose files are there but not its manifest (a publish under way or stopped) is not listed', async (t) => {
  const { store, build } = await setUp(t);
  const half = versionName('0123456789', new Date('2026-01-01T00:00:00Z'));
  await store.client.send(
    new PutObjectCommand({
      Bucket: 'releases',
      Key: `${store.versionsKey}${half}/remoteEntry.js`,
      Body: ENTRY,
    }),
  );
  assert.deepEqual(await store.list(), []);
  const { version } = await store.publish(await build('one'));
  assert.deepEqual(
    (await store.list()).map((entry) => entry.version),
    [version],
  );
});

test('a file already stored with other bytes is never overwritten, even by a server that ignores If-None-Match', async (t) => {
  const { store, build } = await setUp(t);
  const dir = await build('one');
  const now = new Date();
  const Key = `${store.versionsKey}${versionName(await contentHash(dir), now)}/remoteEntry.js`;
  await store.client.send(new PutObjectCommand({ Bucket: 'releases', Key, Body: 'someone else' }));

  await assert.rejects(store.publish(dir, now), /never overwritten/);
  const stored = await store.client.send(new GetObjectCommand({ Bucket: 'releases', Key }));
  assert.equal(await stored.Body?.transformToString(), 'someone else');
  assert.deepEqual(await store.list(), []);
});

test('prune deletes every object of the versions beyond the window, and only those', async (t) => {
  const { store, build, keysUnder } = await setUp(t);
  const start = Date.now();
  const versions = [];
  for (const [index, text] of ['v1', 'v2', 'v3', 'v4'].entries()) {
    versions.push((await store.publish(await build(text), new Date(start + index))).version);
  }
  const [v1 = '', v2 = '', v3 = '', v4 = ''] = versions;
  const stopped = versionName('0123456789', new Date(start - 8 * DAY_MS)); // a publish that died
  const underWay = versionName('9876543210', new Date(start + 8 * DAY_MS - 1000)); // still going on
  for (const version of [stopped, underWay]) {
    await store.client.send(
      new PutObjectCommand({
        Bucket: 'releases',
        Key: `${store.versionsKey}${version}/remoteEntry.js`,
        Body: ENTRY,
      }),
    );
  }

  const pruned = await store.prune({
    keep: 1,
    liveWithinMs: 7 * DAY_MS,
    liveSince: new Map([[v2, new Date(start + 2 * DAY_MS)]]), // v2: live within the window
    protect: new Set([v3]), // v3: the live one
    now: new Date(start + 8 * DAY_MS),
  });

  assert.deepEqual(pruned.sort(), [stopped, v1].sort());
  assert.deepEqual(
    (await store.list()).map((entry) => entry.version),
    [v2, v3, v4],
  );
  assert.deepEqual(await keysUnder(`${store.versionsKey}${v1}/`), []);
  assert.deepEqual(await keysUnder(`${store.versionsKey}${stopped}/`), []);
  // The build's five files and the record of its build.
  assert.equal((await keysUnder(`${store.versionsKey}${v2}/`)).length, 6);
  assert.equal((await keysUnder(`${store.versionsKey}${underWay}/`)).length, 1);
});

test('a version on the bucket records the commit it was built from, stored for good like its files; a version with no record has none', async (t) => {
  const { store, build, head } = await setUp(t);
  const record = { commit: '3f9a2b1c0d2e4f6a', builtAt: '2026-11-25T13:05:00.000Z' };
  const { version } = await store.publish(await build('one'), new Date(), record);

  assert.deepEqual(await store.buildOf(version), record);
  assert.equal((await head(version, 'build.json')).CacheControl, 'public, max-age=31536000, immutable');
  assert.equal(await store.buildOf('20260101-000000000-0000000000'), null);
});

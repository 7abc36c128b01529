// The `preview` command's link: a published version, signed so the environment's shell accepts it.
import test from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { mkdtemp } from 'node:fs/promises';
import { verifyPreview } from 'release-registry/preview-links';
import { releaseEnvironment } from './environment.mjs';
import { writeBuildForTests } from './buildForTests.mjs';
import { makePreviewLink } from './previewLink.mjs';

const SECRET = 'the environment preview secret';
const SITE_URL = 'https://staging.example';

async function publishedVersion() {
  const root = await mkdtemp(path.join(os.tmpdir(), 'preview-link-test-'));
  const env = releaseEnvironment({ RELEASES_DIR: path.join(root, 'releases') });
  const { version } = await env.store('marketing').publish(await writeBuildForTests(root, 'candidate'));
  return { env, version };
}

test('a link to a published version opens it on the environment shell, and the shell accepts it', async () => {
  const { env, version } = await publishedVersion();
  const now = Date.now();
  const request = {
    appName: 'marketing',
    version,
    hours: 2,
    path: '/services',
    siteUrl: SITE_URL,
    secret: SECRET,
    now,
  };
  const link = new URL(await makePreviewLink(env, request));
  assert.equal(`${link.origin}${link.pathname}`, `${SITE_URL}/_shell/preview`);
  const manifestUrl = env.manifestUrl('marketing', version);
  const checked = verifyPreview(link.searchParams.get('token') ?? '', {
    secret: SECRET,
    remotes: ['marketing'],
    allowedOrigins: [new URL(manifestUrl).origin],
    now,
  });
  assert.deepEqual(checked, {
    preview: { remote: 'marketing', manifestUrl, expires: now + 2 * 60 * 60 * 1000, path: '/services' },
  });
});

test('no link for a version not on the release host, nor for more than a day', async () => {
  const { env, version } = await publishedVersion();
  const request = { appName: 'marketing', siteUrl: SITE_URL, secret: SECRET };
  await assert.rejects(
    makePreviewLink(env, { ...request, version: 'no-such-version' }),
    /not a published version/,
  );
  await assert.rejects(makePreviewLink(env, { ...request, version, hours: 25 }), /at most 24/);
});

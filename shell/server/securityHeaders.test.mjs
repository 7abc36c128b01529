// The content-security policy a shell server sends follows its registry: a release on a new host
// is allowed in browsers without a restart.
import test from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { securityHeaders as siteSecurityHeaders } from 'build-tools/securityHeaders';
import { readSiteOrigins } from 'build-tools/siteOrigins';
import securityHeaders from './securityHeaders.mjs';
import { createRegistryReader } from './registryReader.mjs';
import { fileRegistry } from './registrySource.mjs';

const manifestOn = (/** @type {string} */ host) => `https://${host}/releases/v1/mf-manifest.json`;
const registryOn = (/** @type {string} */ host, /** @type {string[]} */ earlier = []) => ({
  remotes: { marketing: manifestOn(host) },
  previous: { marketing: earlier.map(manifestOn) },
});

test('a release on a new host is in the content-security policy of the next answers, without a restart, beside the earlier versions the server may still render', async () => {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'security-headers-'));
  const registryFile = path.join(folder, 'remotes.json');
  await writeFile(registryFile, JSON.stringify(registryOn('old-cdn.example')));
  const registry = createRegistryReader(fileRegistry(registryFile), { info: () => {}, error: () => {} });
  const app = Fastify();
  await app.register(fp(async () => {}, { name: 'request-log' }));
  await app.register(securityHeaders, {
    headers: (document) => siteSecurityHeaders(readSiteOrigins(document ? { registry: document } : {})),
    readRegistry: () => registry.read(),
    latestRegistry: () => registry.latest(),
    siteUrl: new URL('https://site.example'),
    httpsRedirect: false,
  });
  app.get('/', async () => 'page');
  const policy = async () => String((await app.inject({ url: '/' })).headers['content-security-policy']);
  try {
    assert.match(await policy(), /script-src 'self' https:\/\/old-cdn\.example/);

    /** The policy once it names `host`, asked every 50 ms for up to 2 s. @param {string} host */
    const policyNaming = async (host) => {
      let now = await policy();
      const deadline = Date.now() + 2000;
      while (!now.includes(host) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        now = await policy();
      }
      return now;
    };
    // Released: while the new version is checked (or if it fails), the old one is rendered.
    await writeFile(registryFile, JSON.stringify(registryOn('new-cdn.example', ['old-cdn.example'])));
    const released = await policyNaming('new-cdn.example');
    assert.match(released, /script-src 'self' https:\/\/new-cdn\.example https:\/\/old-cdn\.example/);

    // Once the old host is no earlier version either, it is allowed no more.
    await writeFile(registryFile, JSON.stringify(registryOn('third-cdn.example')));
    const later = await policyNaming('third-cdn.example');
    assert.doesNotMatch(later, /old-cdn|new-cdn/);
  } finally {
    await app.close();
    await rm(folder, { recursive: true, force: true });
  }
});

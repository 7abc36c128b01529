// The web app manifest names the environment the server runs in, from one build, in the page's language.
import test from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { mkdtemp, writeFile } from 'node:fs/promises';
import Fastify from 'fastify';
import siteManifest, { shortName } from './siteManifest.mjs';

/** A server with the manifest plugin alone, on `root`, for the environment named `siteName`. */
async function serverFor(/** @type {string} */ root, /** @type {string} */ siteName) {
  const app = Fastify();
  app.decorateRequest('routeKind', null);
  await app.register(siteManifest, { root, siteName, languageTags: { en: 'en', es: 'es', pt: 'pt-BR' } });
  return app;
}

test("one build's web app manifest carries each environment's SITE_NAME, with no rebuild", async (t) => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'site-manifest-test-'));
  const built = { start_url: '/', theme_color: '#0b1020', icons: [{ src: '/icon.svg' }] };
  await writeFile(path.join(root, 'site.webmanifest'), JSON.stringify(built));

  for (const { siteName, short } of [
    { siteName: 'Istmo Digital', short: 'Istmo' },
    { siteName: 'Staging', short: 'Staging' },
  ]) {
    const app = await serverFor(root, siteName);
    t.after(() => app.close());
    const answer = await app.inject({ url: '/site.webmanifest' });
    assert.equal(answer.statusCode, 200);
    assert.match(String(answer.headers['content-type']), /^application\/manifest\+json/);
    assert.deepEqual(answer.json(), { name: siteName, short_name: short, ...built, lang: 'en' });
  }
});

test('the manifest of a Portuguese page says pt-BR and starts on the Portuguese home page', async (t) => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'site-manifest-test-'));
  await writeFile(path.join(root, 'site.webmanifest'), JSON.stringify({ start_url: '/', icons: [] }));
  const app = await serverFor(root, 'Istmo Digital');
  t.after(() => app.close());
  const portuguese = (await app.inject({ url: '/site.webmanifest?lang=pt' })).json();
  assert.equal(portuguese.lang, 'pt-BR');
  assert.equal(portuguese.start_url, '/?lang=pt');
  // A language the site does not have gets the default one's.
  assert.equal((await app.inject({ url: '/site.webmanifest?lang=fr' })).json().start_url, '/');
});

test('a name longer than a home screen shows is shortened to its first word', () => {
  assert.equal(shortName('Istmo'), 'Istmo');
  assert.equal(shortName('Istmo Digital Agency'), 'Istmo');
});

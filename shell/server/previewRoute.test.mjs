// What a cache may do with a previewing visitor's answers: keep none, hand none to anyone else.
import test from 'node:test';
import assert from 'node:assert/strict';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import previewRoute from './previewRoute.mjs';
import { signPreview } from 'release-registry/preview-links';

const SECRET = 'a secret of the environment';
const RELEASE_HOST = 'http://localhost:3001';
const PREVIEW = {
  remote: 'marketing',
  manifestUrl: `${RELEASE_HOST}/releases/v2/mf-manifest.json`,
  expires: Date.now() + 60 * 60 * 1000,
  path: '/',
};

/** The preview plugin on a server with one cacheable page, as pageRoute answers one. */
async function serverWithPreviews() {
  const app = Fastify();
  const requestLog = async (/** @type {import('fastify').FastifyInstance} */ instance) => {
    instance.decorateRequest('routeKind', null);
  };
  await app.register(fp(requestLog, { name: 'request-log' }));
  await app.register(fp(async () => {}, { name: 'error-pages' }));
  const renderer = /** @type {import('./renderBundle.js').SiteRenderer} */ (
    /** @type {unknown} */ ({ remotesStatus: () => ({ marketing: {} }) })
  );
  const readRegistry = async () => ({
    remotes: { marketing: `${RELEASE_HOST}/releases/v1/mf-manifest.json` },
  });
  await app.register(previewRoute, { renderer, secret: SECRET, remoteOrigins: [RELEASE_HOST], readRegistry });
  app.get('/', async (_request, reply) =>
    reply
      .header('Cache-Control', 'public, max-age=0, s-maxage=60')
      .header('Vary', 'Accept-Encoding')
      .header('ETag', '"live"')
      .send('page'),
  );
  return app;
}

test("a previewing visitor's pages are private, no-store and vary on Cookie; everyone else's stay cacheable", async (t) => {
  const app = await serverWithPreviews();
  t.after(() => app.close());
  const cookie = `shell_preview=${signPreview(PREVIEW, SECRET)}`;

  const previewing = await app.inject({ url: '/', headers: { cookie } });
  assert.equal(previewing.headers['cache-control'], 'private, no-store');
  assert.equal(previewing.headers.vary, 'Accept-Encoding, Cookie');
  assert.equal(previewing.headers['x-robots-tag'], 'noindex');
  assert.equal(previewing.headers.etag, undefined);

  const visitor = await app.inject({ url: '/' });
  assert.equal(visitor.headers['cache-control'], 'public, max-age=0, s-maxage=60');
  assert.equal(visitor.headers.vary, 'Accept-Encoding');
});

test('opening and leaving a preview link are answered private, no-store, with Vary: Cookie', async (t) => {
  const app = await serverWithPreviews();
  t.after(() => app.close());
  const token = encodeURIComponent(signPreview(PREVIEW, SECRET));

  for (const url of [`/_shell/preview?token=${token}`, '/_shell/preview/end']) {
    const answer = await app.inject({ url });
    assert.equal(answer.statusCode, 303, url);
    assert.equal(answer.headers['cache-control'], 'private, no-store', url);
    assert.equal(answer.headers.vary, 'Cookie', url);
  }
});

// The share images the shell's server draws: with the environment's name, from the texts of the
// app's live or earlier version, and nothing for a name no version made.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import Fastify from 'fastify';
import { shareImagePath } from 'build-tools/shareImages';
import shareImages from './shareImages.mjs';

const HOME_EN = { title: 'Digital Marketing & AI Automation in Panama', subtitle: 'We help companies grow.' };
const HOME_EN_BEFORE = { title: 'Digital Marketing in Panama', subtitle: 'Growth for companies.' };

/** @type {import('fastify').FastifyInstance} */
let versionsHost;
/** Texts files asked for, by path. @type {string[]} */
const textsAsked = [];
let hostAnswers = true;

/** @param {string} version */
const manifestUrl = (version) =>
  `http://127.0.0.1:${/** @type {any} */ (versionsHost.server.address()).port}/releases/${version}/mf-manifest.json`;

before(async () => {
  versionsHost = Fastify();
  versionsHost.get('/releases/:version/share/images.json', async (request, reply) => {
    textsAsked.push(request.url);
    if (!hostAnswers) return reply.code(503).send();
    const { version } = /** @type {{ version: string }} */ (request.params);
    return { home: { en: version === 'v2' ? HOME_EN : HOME_EN_BEFORE } };
  });
  await versionsHost.listen({ port: 0, host: '127.0.0.1' });
});
after(() => versionsHost.close());

/** A shell server's share images, for a registry whose marketing went live as v2 after v1. */
async function shellServer(siteName = 'Istmo Digital') {
  const app = Fastify();
  app.decorateRequest('routeKind', null);
  app.setNotFoundHandler((_request, reply) => reply.code(404).type('text/html').send('the site 404 page'));
  const registry = {
    remotes: { marketing: manifestUrl('v2') },
    revision: 2,
    previous: { marketing: [manifestUrl('v1')] },
  };
  await app.register(shareImages, { siteName, latestRegistry: () => registry });
  return app;
}

/** @param {import('build-tools/shareImages').ShareImageText} text */
const homeImage = (text) => shareImagePath({ app: 'marketing', key: 'home', language: 'en', text });

test("a page's share image is a 1200×630 PNG, drawn with the environment's name", async () => {
  const [staging, production] = await Promise.all([shellServer('Istmo Staging'), shellServer()]);
  const url = homeImage(HOME_EN);
  const [fromStaging, fromProduction] = await Promise.all([staging.inject(url), production.inject(url)]);
  for (const response of [fromStaging, fromProduction]) {
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'image/png');
    assert.match(String(response.headers['cache-control']), /^public, max-age=\d+$/);
    const png = response.rawPayload;
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [1200, 630]);
  }
  assert.notDeepEqual(fromStaging.rawPayload, fromProduction.rawPayload, 'each draws its own name');
});

test('a page shared before the last release still has its image (the earlier version’s text)', async () => {
  const app = await shellServer();
  const response = await app.inject(homeImage(HOME_EN_BEFORE));
  assert.equal(response.statusCode, 200);
  assert.equal(response.headers['content-type'], 'image/png');
});

test('a name no version made is the site’s 404 page, and draws nothing', async () => {
  const app = await shellServer();
  const made = homeImage(HOME_EN);
  const otherText = homeImage({ title: 'Anything a script writes', subtitle: 'on our domain' });
  for (const url of [
    otherText,
    made.replace('/marketing/', '/booking/'),
    made.replace('/marketing/', '/__proto__/'),
    made.replace('/marketing/', '/toString/'),
    made.replace('home-en', 'about-en'),
    made.replace('.png', '.svg'),
    `${made}%00`,
  ]) {
    const response = await app.inject(url);
    assert.equal(response.statusCode, 404, url);
    assert.equal(response.body, 'the site 404 page', url);
  }
});

test('a version host that does not answer is asked again later, not remembered as empty', async () => {
  const app = await shellServer();
  const url = homeImage(HOME_EN);
  hostAnswers = false;
  try {
    assert.equal((await app.inject(url)).statusCode, 404);
  } finally {
    hostAnswers = true;
  }
  const asked = textsAsked.length;
  assert.equal((await app.inject(url)).statusCode, 200);
  assert.ok(textsAsked.length > asked);
});

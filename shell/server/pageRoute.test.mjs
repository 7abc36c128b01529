// What a visitor (or a scanner) meets at any address of the shell's server: the build's files, a
// page, its redirect, the 404, and every refusal as the site's page with its status. The whole
// server (serveShell) on a build folder whose renderer bundle is a stand-in.
import test from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { serveShell } from './serveShell.mjs';

const require = createRequire(import.meta.url);
const RENDER_LIMIT = 2;
const ASSET = '/main.0123456789ab.js';

/** The stand-in's answers: a page, a redirect, a page kept from an earlier render, the 404. */
const PAGES = {
  '/services': { kind: 'page', status: 200, html: '<p>the services page</p>' },
  '/servicios': { kind: 'redirect', status: 308, location: '/services?lang=es' },
};
const KEPT = { kind: 'page', status: 200, html: '<p>a page rendered before</p>' };
const NOT_FOUND = { kind: 'page', status: 404, html: '<p>the site’s 404 page</p>' };

/** The renderer the build's bundle would make, answering from the lists above. */
function standInRenderer() {
  return {
    warmUp: async () => {},
    close: async () => {},
    remotesStatus: () => ({}),
    liveManifests: () => ({}),
    siteUrl: 'http://localhost:3000',
    siteName: 'Istmo Digital',
    webVitalsLabels: { pages: ['not-found'], languages: ['en', 'es'] },
    clientRenderedPage: (/** @type {string} */ template) => template,
    robotsTxt: 'User-agent: *\n',
    cachedPage: (/** @type {string} */ pathname) => (pathname === '/kept' ? KEPT : undefined),
    render: async (/** @type {URL} */ url, /** @type {any} */ request) => {
      await request?.beforeRender?.();
      return PAGES[/** @type {keyof typeof PAGES} */ (url.pathname)] ?? NOT_FOUND;
    },
    httpErrorPageFor: (/** @type {number} */ status) => status,
    renderHttpStatus: async (/** @type {number} */ status) => ({ html: `<p>the site’s ${status} page</p>` }),
  };
}

/** A build folder: the client-rendered page, one hashed asset, the registry, and the stand-in bundle. */
async function standInBuild() {
  const root = await mkdtemp(path.join(os.tmpdir(), 'shell-pages-'));
  await mkdir(path.join(root, 'server'));
  await writeFile(path.join(root, 'index.html'), '<html><head></head><body></body></html>');
  await writeFile(path.join(root, 'host-assets.json'), '{"stylesheets":[],"scripts":[],"localeScripts":{}}');
  await writeFile(path.join(root, 'remotes.json'), '{"remotes":{}}');
  await writeFile(path.join(root, ASSET.slice(1)), 'console.log("the shell");\n');
  const bundle = path.join(root, 'server', 'main.js');
  await writeFile(bundle, 'module.exports = {};\n');
  // The server requires the bundle through Node's module cache: the stand-in is put in its exports.
  require(bundle).createSiteRenderer = async () => standInRenderer();
  return root;
}

/** @param {import('node:test').TestContext} t */
async function startServer(t) {
  const root = await standInBuild();
  const server = await serveShell({
    port: 0,
    root,
    settings: { logLevel: 'silent', renderLimit: { max: RENDER_LIMIT, windowMs: 60_000 } },
  });
  t.after(async () => {
    await server.close();
    await rm(root, { recursive: true, force: true });
  });
  /** @param {string} pathname @param {RequestInit & { from?: string }} [init] */
  const ask = (pathname, { from = '192.0.2.1', ...init } = {}) =>
    fetch(`${server.url}${pathname}`, {
      redirect: 'manual',
      ...init,
      headers: { 'x-forwarded-for': from, ...init.headers },
    });
  return { url: server.url, ask };
}

test('a page is rendered HTML; HEAD is answered with the same status and headers and no body', async (t) => {
  const { ask } = await startServer(t);
  const page = await ask('/services');
  assert.equal(page.status, 200);
  assert.equal(page.headers.get('content-type'), 'text/html; charset=utf-8');
  assert.equal(await page.text(), '<p>the services page</p>');

  const head = await ask('/services', { method: 'HEAD', from: '192.0.2.2' });
  assert.equal(head.status, 200);
  assert.equal(head.headers.get('content-type'), 'text/html; charset=utf-8');
  assert.equal(head.headers.get('etag'), page.headers.get('etag'));
  assert.equal(await head.text(), '');
});

test('an unknown path is the site’s 404 page, a redirect a page asks for is sent as it is', async (t) => {
  const { ask } = await startServer(t);
  const unknown = await ask('/wp-admin/install.php');
  assert.equal(unknown.status, 404);
  assert.equal(await unknown.text(), NOT_FOUND.html);

  const moved = await ask('/servicios', { from: '192.0.2.3' });
  assert.equal(moved.status, 308);
  assert.equal(moved.headers.get('location'), '/services?lang=es');
});

test('the build’s files are served as files; a missing hashed file is a plain 404, the server’s own files are not served', async (t) => {
  const { ask } = await startServer(t);
  const asset = await ask(ASSET);
  assert.equal(asset.status, 200);
  assert.equal(asset.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  assert.equal(await asset.text(), 'console.log("the shell");\n');

  const gone = await ask('/main.ba9876543210.js');
  assert.equal(gone.status, 404);
  assert.equal(gone.headers.get('content-type'), 'text/plain; charset=utf-8');

  for (const file of ['/server/main.js', '/host-assets.json']) {
    const answer = await ask(file, { from: '192.0.2.4' });
    assert.equal(answer.status, 404, file);
    assert.equal(await answer.text(), NOT_FOUND.html, file);
  }
});

test('a body sent to a page is refused with 405 and the site’s page, saying which methods are allowed', async (t) => {
  const { ask } = await startServer(t);
  const answer = await ask('/services', { method: 'POST', body: 'name=someone' });
  assert.equal(answer.status, 405);
  assert.equal(answer.headers.get('allow'), 'GET, HEAD');
  assert.equal(await answer.text(), '<p>the site’s 405 page</p>');
});

test('an address over the length limit is refused with 414, huge headers with 431, each with the site’s page', async (t) => {
  const { url, ask } = await startServer(t);
  const long = await ask(`/services?q=${'a'.repeat(3000)}`);
  assert.equal(long.status, 414);
  assert.equal(await long.text(), '<p>the site’s 414 page</p>');

  // Node's parser refuses headers over 16 KiB before Fastify sees the request.
  const huge = await new Promise((resolve, reject) => {
    const request = http.get(`${url}/services`, { headers: { cookie: 'c'.repeat(20_000) } }, (answer) => {
      let body = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk) => (body += chunk));
      answer.on('end', () => resolve({ status: answer.statusCode, body }));
    });
    request.on('error', reject);
  });
  assert.deepEqual(huge, { status: 431, body: '<p>the site’s 414 page</p>' });
});

test('renders past the limit are refused per address with 429 and the site’s page; kept pages and other addresses are not', async (t) => {
  const { ask } = await startServer(t);
  const from = '198.51.100.7';
  for (let render = 0; render < RENDER_LIMIT; render += 1)
    assert.equal((await ask('/services', { from })).status, 200);

  const refused = await ask('/services', { from });
  assert.equal(refused.status, 429);
  assert.equal(await refused.text(), '<p>the site’s 429 page</p>');
  assert.equal((await ask('/kept', { from })).status, 200);
  assert.equal((await ask('/services', { from: '198.51.100.8' })).status, 200);
});

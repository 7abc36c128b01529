// The rules of a preview link: what the shell's server accepts, and every way a link is refused.
import test from 'node:test';
import assert from 'node:assert/strict';
import { PREVIEW_MAX_MS, signPreview, verifyPreview } from './previewLinks.mjs';

const SECRET = 'a secret of the environment';
const NOW = Date.parse('2026-11-26T12:00:00Z');
const HOUR_MS = 60 * 60 * 1000;
const RELEASE_HOST = 'http://localhost:3001';
const CHECK = { secret: SECRET, remotes: ['marketing', 'contact'], allowedOrigins: [RELEASE_HOST], now: NOW };
const PREVIEW = {
  remote: 'marketing',
  manifestUrl: `${RELEASE_HOST}/releases/v1/mf-manifest.json`,
  expires: NOW + HOUR_MS,
  path: '/services',
};

/** A token whose signed fields were changed afterwards. @param {Record<string, unknown>} change */
function tampered(change) {
  const [, signature] = signPreview(PREVIEW, SECRET).split('.');
  const payload = Buffer.from(JSON.stringify({ ...PREVIEW, ...change })).toString('base64url');
  return `${payload}.${signature}`;
}

test('a link signed with the secret opens its candidate until it expires', () => {
  assert.deepEqual(verifyPreview(signPreview(PREVIEW, SECRET), CHECK), { preview: PREVIEW });
});

test('an expired link is refused', () => {
  const token = signPreview(PREVIEW, SECRET);
  assert.deepEqual(verifyPreview(token, { ...CHECK, now: PREVIEW.expires }), {
    refused: 'the link has expired',
  });
});

test('a link valid for more than a day is refused, even signed', () => {
  const token = signPreview({ ...PREVIEW, expires: NOW + PREVIEW_MAX_MS + 1000 }, SECRET);
  assert.match(/** @type {{ refused: string }} */ (verifyPreview(token, CHECK)).refused, /more than a day/);
});

test('a link whose manifest, expiry or remote was changed is refused', () => {
  for (const change of [
    { manifestUrl: `${RELEASE_HOST}/releases/v2/mf-manifest.json` },
    { expires: NOW + 2 * HOUR_MS },
    { remote: 'contact' },
  ]) {
    assert.deepEqual(verifyPreview(tampered(change), CHECK), { refused: 'the signature does not match' });
  }
});

test('a link signed with another secret, or cut short, is refused', () => {
  const token = signPreview(PREVIEW, 'another environment');
  assert.deepEqual(verifyPreview(token, CHECK), { refused: 'the signature does not match' });
  const signed = signPreview(PREVIEW, SECRET);
  assert.deepEqual(verifyPreview(signed.slice(0, -2), CHECK), { refused: 'the signature does not match' });
  assert.deepEqual(verifyPreview('', CHECK), { refused: 'the signature does not match' });
});

test('a signed link to a remote the site does not have is refused', () => {
  const token = signPreview({ ...PREVIEW, remote: 'payments' }, SECRET);
  assert.deepEqual(verifyPreview(token, CHECK), { refused: 'no remote is named payments' });
});

test("a signed link to a manifest on a foreign origin is refused: no code but the site's release hosts", () => {
  const token = signPreview({ ...PREVIEW, manifestUrl: 'https://attacker.example/mf-manifest.json' }, SECRET);
  assert.match(
    /** @type {{ refused: string }} */ (verifyPreview(token, CHECK)).refused,
    /not on a release host/,
  );
});

test('a signed link that would send the visitor to another host is refused', () => {
  for (const path of ['//attacker.example/', 'https://attacker.example/', '/\\attacker.example']) {
    const token = signPreview({ ...PREVIEW, path }, SECRET);
    assert.deepEqual(verifyPreview(token, CHECK), { refused: 'the link is malformed' });
  }
});

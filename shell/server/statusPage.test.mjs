// The status page's one check: what release-tools and the e2e tests read of each remote.
import test from 'node:test';
import assert from 'node:assert/strict';
import { checkStatusPageRemotes } from './statusPage.mjs';

const marketing = {
  named: 'https://marketing.cdn.example/v2/mf-manifest.json "v2"',
  rendering: 'https://marketing.cdn.example/v1/mf-manifest.json "v1"',
  lastFailure: { version: null, reason: 'the manifest did not load', at: '2026-01-01T00:00:00.000Z' },
  fallback: { named: 'https://marketing.cdn.example/v2/mf-manifest.json', reason: 'it threw' },
};

test("a status page's remotes are read with their fallback", () => {
  assert.deepEqual(checkStatusPageRemotes({ remotes: { marketing } }, 'the page'), { marketing });
});

test('a remote status without its fallback is not the status page', () => {
  const { fallback, ...withoutFallback } = marketing;
  assert.ok(fallback);
  assert.throws(() => checkStatusPageRemotes({ remotes: { marketing: withoutFallback } }, 'the page'), {
    message: "the page is not the shell's status page: marketing's status is not one",
  });
});

test('an answer without remotes is not the status page', () => {
  assert.throws(() => checkStatusPageRemotes({ error: 'Not Found' }, 'the page'), /has no "remotes"/);
});

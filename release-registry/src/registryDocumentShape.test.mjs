// The one check of a registry document: what the shell and release-tools accept, and why not.
import test from 'node:test';
import assert from 'node:assert/strict';
import { checkRegistryDocument } from './registryDocumentShape.mjs';

const V1 = 'https://cdn.example/marketing/releases/v1/mf-manifest.json';
const V2 = 'https://cdn.example/marketing/releases/v2/mf-manifest.json';

test('a document written before `previous` and `revision` existed, and one with them, are registries', () => {
  assert.deepEqual(checkRegistryDocument({ remotes: { marketing: V1 } }, 'remotes.json'), {
    remotes: { marketing: V1 },
  });
  const full = {
    remotes: { marketing: V2 },
    previous: { marketing: [V1] },
    allowOverrides: false,
    revision: 3,
  };
  assert.deepEqual(checkRegistryDocument(full, 'remotes.json'), full);
});

test('anything else is refused, saying where and what is wrong', () => {
  /** @type {Array<[unknown, RegExp]>} */
  const refused = [
    [null, /it has no "remotes"/],
    [[], /it has no "remotes"/],
    [{ remotes: [V1] }, /it has no "remotes"/],
    [{ remotes: { marketing: 'not a url' } }, /a remote's entry is not a URL/],
    [{ remotes: { marketing: V2 }, previous: { marketing: V1 } }, /its "previous" is not lists of URLs/],
    [{ remotes: { marketing: V2 }, previous: [V1] }, /its "previous" is not lists of URLs/],
    [{ remotes: {}, allowOverrides: 'yes' }, /its "allowOverrides" is not true or false/],
    [{ remotes: {}, revision: '3' }, /its "revision" is not a whole number/],
  ];
  for (const [document, reason] of refused)
    assert.throws(() => checkRegistryDocument(document, 'https://registry.example/remotes.json'), {
      message: new RegExp(`^https://registry\\.example/remotes\\.json is not a registry: ${reason.source}`),
    });
});

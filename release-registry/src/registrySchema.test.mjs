// The registry's migrations: one that ran is never edited, whatever text it shares with a later one.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { MIGRATIONS } from './registrySchema.mjs';

/**
 * Each migration's SQL as databases ran it. A database runs a version once: an edited one would
 * leave databases migrated before the edit different from new ones, with nothing to say so.
 */
const RAN = {
  1: '610fa766d25a3b032b6205cce2e3460c1f307b320d4a726209f2cab60342d4cd',
  2: '8b3b0611050eae3d2ea1a5229f12da4f2700cac64f1acc9d832773f598ede72a',
  3: '3d6293795062da050faa626a8d9cf28b3577ecbf4d4f53678590a7f7368a47ae',
  4: 'b9a76aac5907e58a18306a07c341aa93b9f589f1684c16e32b5864eff9448445',
  5: 'dd02c4faa0b966cd11ec2f194354cdf2e7e355a2ad08eb324193bf38783cd1e8',
};

test('a migration that ran is never edited: a change to the schema is a new version at the end', () => {
  for (const { version, sql } of MIGRATIONS) {
    const digest = createHash('sha256').update(sql).digest('hex');
    const ran = RAN[/** @type {keyof typeof RAN} */ (version)];
    if (ran) assert.equal(digest, ran, `migration ${version} differs from the text databases ran`);
  }
});

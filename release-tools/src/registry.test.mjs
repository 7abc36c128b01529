import test from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { appendFile, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { Registry, RegistryConflictError } from './registry.mjs';

async function freshRegistry() {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'registry-test-'));
  return new Registry({
    registryFile: path.join(folder, 'remotes.json'),
    historyFile: path.join(folder, 'history.jsonl'),
  });
}

const V1 = 'http://localhost:3001/releases/v1/mf-manifest.json';
const V2 = 'http://localhost:3001/releases/v2/mf-manifest.json';
const V3 = 'http://localhost:3001/releases/v3/mf-manifest.json';
const B1 = 'http://localhost:3002/releases/v1/mf-manifest.json';

test('a change points one remote at a version, records it, and leaves the others alone', async () => {
  const registry = await freshRegistry();
  await registry.change({ remote: 'booking', expected: null, to: B1, action: 'publish' });
  await registry.change({ remote: 'marketing', expected: null, to: V1, action: 'publish' });
  await registry.change({ remote: 'marketing', expected: V1, to: V2, action: 'release' });

  const current = await registry.read();
  assert.deepEqual(current?.remotes, { booking: B1, marketing: V2 });
  assert.equal(current?.revision, 3);
  const history = await registry.history('marketing');
  assert.deepEqual(
    history.map(({ action, from, to }) => ({ action, from, to })),
    [
      { action: 'publish', from: null, to: V1 },
      { action: 'release', from: V1, to: V2 },
    ],
  );
});

test('a change made on a stale reading of the remote is refused, and loses nothing', async () => {
  const registry = await freshRegistry();
  await registry.change({ remote: 'marketing', expected: null, to: V1, action: 'publish' });
  await registry.change({ remote: 'marketing', expected: V1, to: V2, action: 'release' });

  await assert.rejects(
    registry.change({ remote: 'marketing', expected: V1, to: V3, action: 'release' }),
    RegistryConflictError,
  );
  assert.equal((await registry.read())?.remotes.marketing, V2);
  assert.equal((await registry.history()).length, 2);
});

test('a history line cut short by a crash is skipped, and the history goes on', async () => {
  const registry = await freshRegistry();
  await registry.change({ remote: 'marketing', expected: null, to: V1, action: 'publish' });
  await appendFile(registry.historyFile, '{"revision":2,"at":"2026-');
  await registry.change({ remote: 'marketing', expected: V1, to: V2, action: 'release' });
  assert.deepEqual(
    (await registry.history('marketing')).map(({ to }) => to),
    [V1, V2],
  );
});

test('two teams releasing at the same moment both land', async () => {
  const registry = await freshRegistry();
  const remotes = ['marketing', 'booking', 'contact'];
  await Promise.all(
    remotes.map((remote) =>
      registry.change({
        remote,
        expected: null,
        to: `https://${remote}.cdn.example/v1/mf-manifest.json`,
        action: 'publish',
      }),
    ),
  );
  await Promise.all(
    remotes.map((remote) =>
      registry.change({
        remote,
        expected: `https://${remote}.cdn.example/v1/mf-manifest.json`,
        to: `https://${remote}.cdn.example/v2/mf-manifest.json`,
        action: 'release',
      }),
    ),
  );
  const current = await registry.read();
  assert.deepEqual(current?.remotes, {
    marketing: 'https://marketing.cdn.example/v2/mf-manifest.json',
    booking: 'https://booking.cdn.example/v2/mf-manifest.json',
    contact: 'https://contact.cdn.example/v2/mf-manifest.json',
  });
  assert.equal(current?.revision, 6);
  assert.deepEqual(
    (await registry.history()).map(({ revision }) => revision),
    [1, 2, 3, 4, 5, 6],
  );
});

test('a change records who made it, from which commit, in which environment; older lines without them still read', async () => {
  const registry = await freshRegistry();
  await appendFile(
    registry.historyFile,
    `${JSON.stringify({ revision: 1, at: '2026-01-01T00:00:00.000Z', remote: 'marketing', action: 'publish', from: null, to: V1 })}\n`,
  );
  await writeFile(registry.registryFile, JSON.stringify({ remotes: { marketing: V1 }, revision: 1 }));
  const audit = { actor: 'alice', commit: '3f9a2b1c0d2e4f', environment: 'staging' };
  await registry.change({ remote: 'marketing', expected: V1, to: V2, action: 'release', audit });

  const [old, recent] = await registry.history('marketing');
  assert.equal(old?.to, V1);
  assert.equal(old?.actor, undefined);
  assert.deepEqual(
    {
      actor: recent?.actor,
      commit: recent?.commit,
      environment: recent?.environment,
      revision: recent?.revision,
    },
    { ...audit, revision: 2 },
  );
});

test('remotes.json names the versions each remote had live before, newest first, each once', async () => {
  const registry = await freshRegistry();
  await registry.change({ remote: 'booking', expected: null, to: B1, action: 'publish' });
  await registry.change({ remote: 'marketing', expected: null, to: V1, action: 'publish' });
  await registry.change({ remote: 'marketing', expected: V1, to: V2, action: 'release' });
  await registry.change({ remote: 'marketing', expected: V2, to: V3, action: 'release' });
  await registry.change({ remote: 'marketing', expected: V3, to: V1, action: 'rollback' });

  const written = JSON.parse(await readFile(registry.registryFile, 'utf8'));
  assert.deepEqual(written.previous, { booking: [], marketing: [V3, V2] });
  assert.deepEqual((await registry.read())?.previous, written.previous);
});

test('a remotes.json that is not a registry is refused by name, not read as one', async () => {
  const registry = await freshRegistry();
  await writeFile(registry.registryFile, JSON.stringify({ remotes: { marketing: 'not a URL' } }));

  await assert.rejects(registry.read(), {
    message: `${registry.registryFile} is not a registry: a remote's entry is not a URL`,
  });
});

// The registry as a shell server reads it when its source fails: at start (the cache, or a wait
// that says why) and while running (the last document kept, the status saying so).
import test from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRegistryReader } from './registryReader.mjs';
import { fileRegistry } from './registrySource.mjs';

const document = { remotes: { marketing: 'https://marketing.cdn.example/releases/v1/mf-manifest.json' } };

/** A log that keeps its lines. */
function recordingLog() {
  /** @type {string[]} */
  const lines = [];
  return {
    lines,
    info: (/** @type {string} */ line) => lines.push(line),
    error: (/** @type {string} */ line) => lines.push(line),
  };
}

/** @param {(folder: string) => Promise<void>} work */
async function inFolder(work) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'registry-reader-'));
  try {
    await work(folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

test('a server that starts while its registry cannot be read serves the document it cached last, and its status says the registry is failing', () =>
  inFolder(async (folder) => {
    const registryFile = path.join(folder, 'remotes.json');
    const cacheFile = path.join(folder, 'cache.json');
    await writeFile(registryFile, JSON.stringify(document));
    const before = createRegistryReader(fileRegistry(registryFile), recordingLog(), { cacheFile });
    assert.deepEqual(await before.read(), document);

    await rm(registryFile);
    const log = recordingLog();
    const after = createRegistryReader(fileRegistry(registryFile), log, { cacheFile });
    assert.deepEqual(await after.untilFirstDocument(), document);
    const status = after.status();
    assert.match(status.failing?.reason ?? '', /ENOENT/);
    assert.ok(status.readAt);
    assert.equal(log.lines.length, 1);
    assert.match(log.lines[0] ?? '', /cannot be read: serving its document cached at /);
  }));

test('without a cache, a starting server waits for its registry, saying why on each try, and has its document once the registry answers', () =>
  inFolder(async (folder) => {
    const registryFile = path.join(folder, 'remotes.json');
    const log = recordingLog();
    const reader = createRegistryReader(fileRegistry(registryFile), {
      info: log.info,
      error: (line) => {
        log.error(line);
        // The registry appears after the first try.
        if (line.includes('waiting for the registry')) void writeFile(registryFile, JSON.stringify(document));
      },
    });
    assert.deepEqual(await reader.untilFirstDocument(), document);
    const waits = log.lines.filter((line) => line.includes('waiting for the registry'));
    assert.equal(waits.length, 1);
    assert.match(waits[0] ?? '', new RegExp(`${registryFile}.*ENOENT.*trying again in 1 s`));
    assert.equal(reader.status().failing, null);
  }));

test('a running server whose registry fails keeps its last document, says so once, and says when the registry answers again', () =>
  inFolder(async (folder) => {
    const registryFile = path.join(folder, 'remotes.json');
    await writeFile(registryFile, JSON.stringify(document));
    const log = recordingLog();
    const source = fileRegistry(registryFile);
    const reader = createRegistryReader(source, log);
    await reader.read();

    await writeFile(registryFile, 'not json');
    // Reads more than the shared-read window apart.
    const later = async () => {
      await new Promise((resolve) => setTimeout(resolve, 260));
      return reader.read();
    };
    assert.deepEqual(await later(), document);
    assert.deepEqual(await later(), document);
    assert.match(reader.status().failing?.reason ?? '', /not JSON/);
    assert.equal(log.lines.filter((line) => line.includes('cannot be read')).length, 1);

    await writeFile(registryFile, JSON.stringify(document));
    await later();
    assert.equal(reader.status().failing, null);
    assert.match(log.lines.at(-1) ?? '', /is read again/);
  }));

test('a cache that cannot be written is said once and changes nothing else', () =>
  inFolder(async (folder) => {
    const registryFile = path.join(folder, 'remotes.json');
    await writeFile(registryFile, JSON.stringify(document));
    const log = recordingLog();
    const cacheFile = path.join(folder, 'no-such-folder', 'cache.json');
    const reader = createRegistryReader(fileRegistry(registryFile), log, { cacheFile });
    assert.deepEqual(await reader.read(), document);
    assert.equal(reader.status().failing, null);
    assert.equal(log.lines.length, 1);
    assert.match(log.lines[0] ?? '', /cache .*cannot be written/);
  }));

test("a cache written from another registry (another environment's, on a shared volume) is never served", () =>
  inFolder(async (folder) => {
    const staging = path.join(folder, 'staging.json');
    const production = path.join(folder, 'production.json');
    const cacheFile = path.join(folder, 'cache.json');
    await writeFile(staging, JSON.stringify(document));
    await createRegistryReader(fileRegistry(staging), recordingLog(), { cacheFile }).read();

    const reader = createRegistryReader(fileRegistry(production), recordingLog(), { cacheFile });
    await assert.rejects(reader.read(), /ENOENT/);
    assert.equal(reader.latest(), undefined);
  }));

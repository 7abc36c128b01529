// The other side of the Postgres registry: a shell server reading it (SHELL_REGISTRY_URL=postgres://…).
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { openRegistrySource } from 'shell/registry-source';
import { createRegistryReader } from 'shell/registry-reader';
import { PostgresRegistry } from './postgresRegistry.mjs';
import { startPostgresForTests } from 'release-registry/postgres-server-for-tests';

/** @type {Awaited<ReturnType<typeof startPostgresForTests>>} */
let postgres;
before(async () => {
  postgres = await startPostgresForTests();
});
after(async () => postgres.close());

const url = (/** @type {number} */ n) => `https://marketing.cdn.example/releases/v${n}/mf-manifest.json`;

test("a shell server reads its environment's registry from the database and sees a release within 2 s", async () => {
  const registry = new PostgresRegistry({ databaseUrl: postgres.databaseUrl, environment: 'production' });
  const source = openRegistrySource({
    kind: 'database',
    databaseUrl: postgres.databaseUrl,
    environment: 'production',
    rereadMs: 30_000,
  });
  try {
    await registry.change({ remote: 'marketing', expected: null, to: url(1), action: 'publish' });
    const released = Date.now();
    await registry.change({ remote: 'marketing', expected: url(1), to: url(2), action: 'release' });
    let document = await source.read();
    while (document.remotes.marketing !== url(2) && Date.now() - released < 2000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      document = await source.read();
    }
    assert.equal(document.remotes.marketing, url(2));
    assert.deepEqual(document.previous?.marketing, [url(1)]);
  } finally {
    await source.close?.();
    await registry.close();
  }
});

/**
 * Reads `read` every 20 ms until `done` holds of its answer, or `ms` pass (then the last answer).
 * @template T @param {() => Promise<T>} read @param {(value: T) => boolean} done @param {number} ms
 */
async function readUntil(read, done, ms) {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await read();
  }
  return value;
}

/**
 * A shell server's source for `environment`, read every `rereadMs`.
 * @param {string} environment @param {{ databaseUrl?: string, rereadMs?: number }} [options]
 */
const databaseSource = (environment, { databaseUrl = postgres.databaseUrl, rereadMs = 30_000 } = {}) =>
  openRegistrySource({ kind: 'database', databaseUrl, environment, rereadMs });

/**
 * The remote's first version published, and read by `read`.
 * @param {PostgresRegistry} registry @param {() => Promise<{ remotes: Record<string, string> }>} read
 * @param {string} first
 */
async function publishedAndRead(registry, read, first) {
  await registry.change({ remote: 'marketing', expected: null, to: first, action: 'publish' });
  await readUntil(read, (document) => document.remotes.marketing === first, 2000);
}

const silentLog = { info: () => {}, error: () => {} };

test('while the registry database is down a shell server keeps serving its last document and its status says the registry is failing; it sees a release within 2 s of the return', async () => {
  const registry = new PostgresRegistry({ databaseUrl: postgres.databaseUrl, environment: 'outage' });
  const source = databaseSource('outage');
  const reader = createRegistryReader(source, silentLog);
  try {
    await publishedAndRead(registry, () => reader.read(), url(1));
    await postgres.dropConnections(async () => {
      const kept = await readUntil(
        () => reader.read(),
        () => reader.status().failing !== null,
        5000,
      );
      assert.equal(kept.remotes.marketing, url(1));
      assert.ok(reader.status().failing, 'the status says the registry is failing');
    });
    await registry.change({ remote: 'marketing', expected: url(1), to: url(2), action: 'release' });
    const released = Date.now();
    const document = await readUntil(
      () => reader.read(),
      (read) => read.remotes.marketing === url(2) && reader.status().failing === null,
      15_000,
    );
    assert.equal(document.remotes.marketing, url(2));
    assert.equal(reader.status().failing, null);
    assert.ok(Date.now() - released < 2000, `seen ${Date.now() - released} ms after the release`);
  } finally {
    await source.close?.();
    await registry.close();
  }
});

/**
 * A TCP relay to `port` whose connections can go silent at once without closing, as a NAT or a
 * load balancer that forgot them does: what is sent is never answered. Later connections work.
 * @param {number} port
 */
async function startRelay(port) {
  /** @type {Set<net.Socket>} */
  const open = new Set();
  const server = net.createServer((client) => {
    const upstream = net.connect(port, '127.0.0.1');
    client.pipe(upstream).pipe(client);
    open.add(client);
    client.on('close', () => open.delete(client));
    client.on('error', () => {});
    upstream.on('error', () => {});
    client.on('silence', () => {
      client.unpipe(upstream);
      upstream.unpipe(client);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = /** @type {net.AddressInfo} */ (server.address());
  return {
    port: address.port,
    silenceEveryConnection: () => open.forEach((socket) => socket.emit('silence')),
    close: () => {
      open.forEach((socket) => socket.destroy());
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

test('a release whose notification is lost on a half-open connection is seen by the periodic re-read, on a new connection', async () => {
  const registry = new PostgresRegistry({ databaseUrl: postgres.databaseUrl, environment: 'half-open' });
  const relay = await startRelay(Number(new URL(postgres.databaseUrl).port));
  const relayed = new URL(postgres.databaseUrl);
  relayed.port = String(relay.port);
  const source = databaseSource('half-open', { databaseUrl: relayed.href, rereadMs: 200 });
  try {
    await publishedAndRead(registry, () => source.read(), url(1));
    relay.silenceEveryConnection();
    await registry.change({ remote: 'marketing', expected: url(1), to: url(2), action: 'release' });
    const document = await readUntil(
      () => source.read().catch(() => ({ remotes: /** @type {Record<string, string>} */ ({}) })),
      (read) => read.remotes.marketing === url(2),
      15_000,
    );
    assert.equal(document.remotes.marketing, url(2));
  } finally {
    await source.close?.();
    await registry.close();
    await relay.close();
  }
});

test('a shell server closing its registry connection after the connection went silent is done within 2 s', async () => {
  const registry = new PostgresRegistry({ databaseUrl: postgres.databaseUrl, environment: 'silent-close' });
  const relay = await startRelay(Number(new URL(postgres.databaseUrl).port));
  const relayed = new URL(postgres.databaseUrl);
  relayed.port = String(relay.port);
  const source = databaseSource('silent-close', { databaseUrl: relayed.href });
  try {
    await publishedAndRead(registry, () => source.read(), url(1));
    relay.silenceEveryConnection();
    const asked = performance.now();
    const outcome = await Promise.race([
      source.close?.().then(() => 'closed'),
      new Promise((resolve) => setTimeout(resolve, 5000, 'still waiting after 5 s')),
    ]);
    assert.equal(outcome, 'closed');
    assert.ok(performance.now() - asked < 2000, `closed after ${performance.now() - asked} ms`);
  } finally {
    await registry.close();
    await relay.close();
  }
});

test('twenty releases back to back: the shell server ends on the last one', async () => {
  const registry = new PostgresRegistry({ databaseUrl: postgres.databaseUrl, environment: 'burst' });
  const source = databaseSource('burst');
  try {
    await publishedAndRead(registry, () => source.read(), url(0));
    for (let n = 1; n <= 20; n++)
      await registry.change({ remote: 'marketing', expected: url(n - 1), to: url(n), action: 'release' });
    const document = await readUntil(
      () => source.read(),
      (read) => read.remotes.marketing === url(20),
      2000,
    );
    assert.equal(document.remotes.marketing, url(20));
    assert.equal(document.previous?.marketing?.[0], url(19));
  } finally {
    await source.close?.();
    await registry.close();
  }
});

test('a shell server started while the registry database is down serves the document its host cached, and its reads meanwhile do not wait', async () => {
  const registry = new PostgresRegistry({ databaseUrl: postgres.databaseUrl, environment: 'restart' });
  const folder = await mkdtemp(path.join(os.tmpdir(), 'registry-cache-'));
  const cacheFile = path.join(folder, 'registry.json');
  const running = databaseSource('restart');
  const restarted = databaseSource('restart');
  try {
    await publishedAndRead(
      registry,
      () => createRegistryReader(running, silentLog, { cacheFile }).read(),
      url(1),
    );
    await postgres.dropConnections(async () => {
      const reader = createRegistryReader(restarted, silentLog, { cacheFile });
      assert.equal((await reader.untilFirstDocument()).remotes.marketing, url(1));
      assert.ok(reader.status().failing);
      await new Promise((resolve) => setTimeout(resolve, 300)); // past the shared read
      const asked = performance.now();
      assert.equal((await reader.read()).remotes.marketing, url(1));
      assert.ok(performance.now() - asked < 1000, `a read took ${performance.now() - asked} ms`);
    });
  } finally {
    await running.close?.();
    await restarted.close?.();
    await registry.close();
    await rm(folder, { recursive: true, force: true });
  }
});

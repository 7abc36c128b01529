// The other side of the Postgres registry: a shell server reading it (SHELL_REGISTRY_URL=postgres://…).
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { openRegistrySource } from 'shell/registry-source';
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

// The Postgres of a test file: one PGlite server started before its tests, and the registries of
// every environment its tests opened on it closed, with the server, after them.
import { after, before } from 'node:test';
import { startPostgresForTests } from 'release-registry/postgres-server-for-tests';
import { PostgresRegistry } from './postgresRegistry.mjs';

/** @typedef {ReturnType<typeof import('../environment.mjs').releaseEnvironment>} ReleaseEnvironment */

export function postgresForTestFile() {
  /** @type {Awaited<ReturnType<typeof startPostgresForTests>> | undefined} */
  let server;
  /** @type {ReleaseEnvironment[]} */
  const environments = [];
  before(async () => {
    server = await startPostgresForTests();
  });
  after(async () => {
    for (const { registry } of environments) {
      if (registry instanceof PostgresRegistry) await registry.close();
    }
    await server?.close();
  });
  return {
    /** The server's URL (once the file's `before` has run). */
    get databaseUrl() {
      if (!server) throw new Error('the test Postgres starts before the tests');
      return server.databaseUrl;
    },
    /** Closes `env`'s registry after the file's tests. @param {ReleaseEnvironment} env */
    closeAfter(env) {
      environments.push(env);
      return env;
    },
  };
}

export { releaseEnvironment, RELEASES_PATH } from './environment.mjs';
export { publishAsLive, publishEveryRemote, release, rollback, listReleases, prune } from './releases.mjs';
export { promote } from './promotion.mjs';
export { Registry, RegistryConflictError } from './registry.mjs';
export { PostgresRegistry } from './postgres/postgresRegistry.mjs';

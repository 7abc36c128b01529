// What release-registry offers: the release registry in Postgres as a database. release-tools
// writes it (its schema applied first), shell servers read and watch it; neither depends on the
// other for it. The test servers are exports of their own (`release-registry/postgres-server-for-tests`,
// PGlite; `release-registry/real-postgres-for-tests`, a real multi-session Postgres), and so are the
// registry document's type and check (`release-registry/registry-document`: no dependency, for browsers).
export { applyRegistrySchema } from './applyRegistrySchema.mjs';
export { queryRegistryDocument } from './registryDocument.mjs';
export {
  readRegistryDocument,
  watchRegistry,
  REGISTRY_CHANNEL,
  REGISTRY_REMOTE_CHANNEL,
} from './registryReader.mjs';
export { previousVersions } from './previousVersions.mjs';
export { REGISTRY_CONFLICT, DEFAULT_HISTORY_KEPT } from './registrySchema.mjs';
export { grantRelease } from './registryGrants.mjs';
export { DEFAULT_RETENTION, readRetention, setRetention } from './registryRetention.mjs';

/**
 * @typedef {import('./registryDocumentShape.mjs').RegistryDocument} RegistryDocument
 * @typedef {import('./registryReader.mjs').RegistryAddress} RegistryAddress
 * @typedef {import('./registryRetention.mjs').Retention} Retention
 */

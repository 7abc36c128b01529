import path from 'node:path';
import { readFileSync } from 'node:fs';
import { findApp } from 'build-tools/apps';
import { DEFAULT_RETENTION } from 'release-registry';
import { checkRegistryDocument } from 'release-registry/registry-document';
import { RELEASES_PATH } from 'build-tools/serve';
import { Registry } from './registry.mjs';
import { PostgresRegistry } from './postgres/postgresRegistry.mjs';
import { VersionStore } from './versionStore.mjs';
import { S3VersionStore } from './s3VersionStore.mjs';
import { releasesBucket } from './releasesBucket.mjs';
import { releaseAudit } from './releaseAudit.mjs';

const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '..', '..');

/**
 * @typedef {object} RetentionPolicy
 * @property {number} keep the newest versions always kept
 * @property {number} liveWithinMs any version live this recently is kept too
 */

/**
 * @typedef {Pick<Registry, 'read' | 'change' | 'history' | 'retention' | 'name'>} ReleaseRegistry the
 *   file registry's interface, which the Postgres one has too
 */

/**
 * @typedef {Pick<ReleaseRegistry, 'read' | 'history' | 'retention' | 'name'>} RegistryReader what a
 *   prune reads of another environment's registry: its pointers, history, keep settings and name
 */

/**
 * @typedef {object} ReleaseEnvironment
 * @property {ReleaseRegistry} registry
 * @property {() => Promise<RegistryReader[]>} registriesSharingStore the registries of every
 *   environment whose versions may be in this one's store, its own among them: a prune keeps what
 *   any of them needs
 * @property {string | null} registryFile the registry's file (remotes.json, which shell servers and
 *   browsers read), or null when it is in a database
 * @property {string} registryName where the registry is (a file, or an environment in a database):
 *   two environments with the same one share their pointers
 * @property {boolean} allowOverrides whether the registry allows QA overrides (local: yes)
 * @property {RetentionPolicy} retention the job's own keep settings (its environment's are at
 *   least these, its registry's when wider: retention.mjs)
 * @property {import('./releaseAudit.mjs').ReleaseAudit} audit who changes the registry, from which commit
 * @property {(appName: string) => import('./versionStoreContract.mjs').VersionStoreContract} store
 * @property {(appName: string) => string} versionsDir the folder store's folder of an app, which a
 *   local release host serves under /releases/ (unused with a bucket)
 * @property {(appName: string) => string} hostUrl the app's release host (origin, no slash)
 * @property {(appName: string, version: string) => string} manifestUrl
 * @property {(appName: string, manifestUrl: string | null | undefined) => string | null} versionOf
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The environment's releases, from its variables; locally none are needed: versions are kept in
 * `.releases/hosts/<app>/<version>/`, each app's own host serves them at
 * `http://localhost:<port>/releases/<version>/`, and the registry is `.releases/registry/`.
 *
 * - RELEASES_DIR: the folder of the store and the registry
 * - RELEASES_REGISTRY_URL (`postgres://…`): keep the registry in that database instead, under the
 *   environment's name (RELEASES_ENV); RELEASES_REGISTRY_ROLE: the team role its changes act as
 *   when the login holds more than one (postgres/postgresRegistry.mjs)
 * - RELEASES_SHARED_REGISTRIES: the registry files (`…/registry/remotes.json`) of the other
 *   environments whose versions are in the same store, separated by `:` (`;` on Windows): a prune
 *   keeps what they need too, as it does for every environment of the Postgres registry, and is
 *   refused while a registry the store records is not among them (retention.mjs)
 * - RELEASES_BUCKET (`s3://<bucket>/<prefix>`): keep the versions on that bucket instead, under
 *   `<prefix><app's package>/releases/<version>/`; the registry stays in RELEASES_DIR
 * - RELEASES_S3_ENDPOINT: the bucket's S3 server when it is not AWS (credentials and region: the
 *   AWS SDK's default chain)
 * - RELEASE_HOST_<NAME> (RELEASE_HOST_MARKETING, …): an app's release host, e.g. a CDN origin; with
 *   a bucket, the CDN in front of it, which serves a key at `<host>/<key>` (default: the endpoint's
 *   `<endpoint>/<bucket>`)
 * - RELEASES_KEEP (5) and RELEASES_KEEP_LIVE_DAYS (7): the job's keep settings for its environment.
 *   Set, its registry records them for every prune to read (in Postgres, only the owner's:
 *   release_retention); a job's own widen its environment's recorded ones, never narrow them
 * - RELEASES_KEEP_HISTORY (200): the registry's history lines kept per remote, besides those of
 *   versions still in use; in the Postgres registry the owner's value is recorded for the
 *   environment and a team's is ignored (release-registry's release_change)
 * - RELEASES_ALLOW_OVERRIDES: whether a registry the commands create allows QA overrides (default:
 *   only the local one, without RELEASES_DIR or RELEASES_REGISTRY_URL; production's must not)
 * - RELEASES_ENV (`local`), RELEASE_ACTOR, RELEASE_COMMIT: what the history records of a change
 *   (releaseAudit.mjs)
 *
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {ReleaseEnvironment}
 */
export function releaseEnvironment(env = process.env) {
  const root = path.resolve(env.RELEASES_DIR ?? path.join(REPOSITORY_ROOT, '.releases'));
  const bucket = releasesBucket(env);
  const hostUrl = (/** @type {string} */ appName) =>
    (env[`RELEASE_HOST_${appName.toUpperCase()}`] ?? defaultHost(appName, bucket)).replace(/\/$/, '');
  // Where a version's files are: on a bucket, the path of its key; locally, its host's /releases/.
  const versionsKey = (/** @type {string} */ appName) =>
    `${bucket?.prefix ?? ''}${findApp(appName).dir}${RELEASES_PATH}/`;
  const versionsPrefix = (/** @type {string} */ appName) =>
    bucket ? `${hostUrl(appName)}/${versionsKey(appName)}` : `${hostUrl(appName)}${RELEASES_PATH}/`;
  const keep = Number(env.RELEASES_KEEP ?? DEFAULT_RETENTION.keep);
  const keepLiveDays = Number(env.RELEASES_KEEP_LIVE_DAYS ?? DEFAULT_RETENTION.keepLiveDays);
  if (!Number.isInteger(keep) || keep < 1) throw new Error('RELEASES_KEEP must be a whole number from 1');
  if (!(keepLiveDays >= 0)) throw new Error('RELEASES_KEEP_LIVE_DAYS must be a number of days');
  const historyKept = env.RELEASES_KEEP_HISTORY === undefined ? undefined : Number(env.RELEASES_KEEP_HISTORY);
  if (historyKept !== undefined && !(Number.isInteger(historyKept) && historyKept >= 1)) {
    throw new Error('RELEASES_KEEP_HISTORY must be a whole number from 1');
  }
  const versionsDir = (/** @type {string} */ appName) => path.join(root, 'hosts', findApp(appName).dir);
  const audit = releaseAudit(env, REPOSITORY_ROOT);
  const setsRetention = env.RELEASES_KEEP !== undefined || env.RELEASES_KEEP_LIVE_DAYS !== undefined;
  const { sameRegistry, ...registry } = releaseRegistry(env, root, audit.environment, {
    historyKept,
    retention: setsRetention ? { keep, keepLiveDays } : undefined,
  });
  const shared = sharedRegistries(env);
  return {
    ...registry,
    registriesSharingStore: async () => [...(await sameRegistry()), ...shared],
    allowOverrides:
      env.RELEASES_ALLOW_OVERRIDES === undefined
        ? env.RELEASES_DIR === undefined &&
          env.RELEASES_REGISTRY_URL === undefined &&
          localRegistryAllowsOverrides()
        : env.RELEASES_ALLOW_OVERRIDES === 'true',
    retention: { keep, liveWithinMs: keepLiveDays * DAY_MS },
    audit,
    store: (appName) =>
      bucket
        ? new S3VersionStore({
            client: bucket.client,
            bucket: bucket.bucket,
            versionsKey: versionsKey(appName),
          })
        : new VersionStore(versionsDir(appName)),
    versionsDir,
    hostUrl,
    manifestUrl: (appName, version) => `${versionsPrefix(appName)}${version}/mf-manifest.json`,
    versionOf: (appName, manifestUrl) => {
      const prefix = versionsPrefix(appName);
      if (!manifestUrl?.startsWith(prefix)) return null;
      return manifestUrl.slice(prefix.length).split('/')[0] ?? null;
    },
  };
}

/**
 * The environment's registry: in the database RELEASES_REGISTRY_URL names, else the local files.
 * @param {NodeJS.ProcessEnv} env @param {string} root @param {string} environment
 * @param {{ historyKept: number | undefined, retention: import('release-registry').Retention | undefined }} settings
 *   RELEASES_KEEP_HISTORY, when set; RELEASES_KEEP and RELEASES_KEEP_LIVE_DAYS, when either is set,
 *   which the registry records for the environment (in Postgres, only the owner's)
 * @returns {{ registry: ReleaseRegistry, registryFile: string | null, registryName: string, sameRegistry: () => Promise<RegistryReader[]> }}
 *   `sameRegistry`: every environment's registry in the same store of registries (a database
 *   holds many; a file, one)
 */
function releaseRegistry(env, root, environment, { historyKept, retention }) {
  const databaseUrl = env.RELEASES_REGISTRY_URL;
  if (databaseUrl) {
    const role = env.RELEASES_REGISTRY_ROLE || undefined;
    const registry = new PostgresRegistry({ databaseUrl, environment, role, historyKept, retention });
    return {
      registry,
      registryFile: null,
      registryName: registry.name,
      sameRegistry: () => registry.everyEnvironment(),
    };
  }
  const registryFile = path.join(root, 'registry', 'remotes.json');
  const registry = fileRegistry(registryFile, { historyKept, retention });
  return { registry, registryFile, registryName: registry.name, sameRegistry: async () => [registry] };
}

/**
 * The file registry whose remotes.json is `registryFile` (its history beside it).
 * @param {string} registryFile
 * @param {{ historyKept?: number, retention?: import('release-registry').Retention }} [settings]
 *   the history's length (its default when unset), the keep settings its changes record
 */
function fileRegistry(registryFile, settings = {}) {
  const historyFile = path.join(path.dirname(registryFile), 'history.jsonl');
  return new Registry({ registryFile, historyFile, ...settings });
}

/**
 * The other environments' registry files that RELEASES_SHARED_REGISTRIES names.
 * @param {NodeJS.ProcessEnv} env
 * @returns {RegistryReader[]}
 */
function sharedRegistries(env) {
  const files = (env.RELEASES_SHARED_REGISTRIES ?? '').split(path.delimiter).filter(Boolean);
  return files.map((file) => fileRegistry(path.resolve(file)));
}

/**
 * An app's release host when RELEASE_HOST_<NAME> is unset: its own server locally, the bucket's
 * S3 server (path style) with an endpoint. AWS has no default: a CDN serves the bucket.
 * @param {string} appName @param {import('./releasesBucket.mjs').ReleasesBucket | null} bucket
 */
function defaultHost(appName, bucket) {
  if (!bucket) return `http://localhost:${findApp(appName).port}`;
  if (bucket.endpoint) return `${bucket.endpoint}/${bucket.bucket}`;
  throw new Error(
    `RELEASES_BUCKET is set: set RELEASE_HOST_${appName.toUpperCase()} to the CDN in front of it`,
  );
}

/** The local registry takes the shell's own flag (its public/remotes.json): QA overrides on. */
function localRegistryAllowsOverrides() {
  const file = path.join(REPOSITORY_ROOT, 'shell', 'public', 'remotes.json');
  return Boolean(checkRegistryDocument(JSON.parse(readFileSync(file, 'utf8')), file).allowOverrides);
}

export { RELEASES_PATH };

/**
 * The releases of an environment by name (RELEASES_ENV's when not named), for a command's --env.
 * @param {string | undefined} name
 * @param {NodeJS.ProcessEnv} [env]
 */
export function environmentNamed(name, env = process.env) {
  return releaseEnvironment(name ? { ...env, RELEASES_ENV: name } : env);
}

/**
 * The command line's own settings: whether it runs in CI (CI=true: a promotion must name its
 * version), and what a preview link needs (the environment's SHELL_PREVIEW_SECRET, its SITE_URL).
 * @param {NodeJS.ProcessEnv} [env]
 */
export function commandSettings(env = process.env) {
  return {
    inCi: env.CI === 'true',
    previewSecret: env.SHELL_PREVIEW_SECRET || undefined,
    siteUrl: env.SITE_URL || 'http://localhost:3000',
  };
}

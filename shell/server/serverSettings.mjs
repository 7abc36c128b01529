/**
 * What the operator configures of the shell's server, read from its environment and checked here,
 * once, before anything starts (docs/operator.md, "Configuration"). Every setting has a default that
 * suits a server behind one reverse proxy on its own host.
 */
import path from 'node:path';
import os from 'node:os';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { findApp } from 'build-tools/apps';
import { isProxyAddress } from './trustProxy.mjs';
import publicSettingVariables from 'site-config/public-setting-variables' with { type: 'json' };

/** @param {string | undefined} value @param {number} fallback @param {string} name */
function positiveNumber(value, fallback, name) {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0)
    throw new Error(`${name} must be a positive number, not "${value}"`);
  return number;
}

/**
 * SHELL_TRUST_PROXY: the proxies whose X-Forwarded-For and X-Forwarded-Proto the server believes
 * (Fastify's `trustProxy`), as addresses or ranges, comma-separated; or a number of hops, for a
 * server nothing reaches except through its proxies. SHELL_CLIENT_ADDRESS_HEADER=X-Forwarded-For,
 * the setting it replaces, is one hop (the proxy's last entry).
 * @param {Record<string, string | undefined>} env
 * @returns {readonly string[] | number}
 */
function trustedProxies(env) {
  const value = env.SHELL_TRUST_PROXY?.trim();
  const header = env.SHELL_CLIENT_ADDRESS_HEADER?.trim().toLowerCase();
  if (header && value) throw new Error('Set SHELL_TRUST_PROXY only: it replaces SHELL_CLIENT_ADDRESS_HEADER');
  if (header) {
    if (header === 'x-forwarded-for') return 1;
    throw new Error(
      `SHELL_CLIENT_ADDRESS_HEADER="${header}" is not read: set SHELL_TRUST_PROXY to your proxy's address (it must send X-Forwarded-For)`,
    );
  }
  if (!value) return [];
  if (/^\d+$/.test(value)) return positiveNumber(value, 1, 'SHELL_TRUST_PROXY');
  const entries = value.split(',').map((entry) => entry.trim());
  if (!entries.every(isProxyAddress))
    throw new Error(
      `SHELL_TRUST_PROXY must be proxies' addresses or ranges (comma-separated: 10.0.0.2, 10.0.0.0/8, uniquelocal…) or a number of hops, not "${value}"`,
    );
  return entries;
}

/**
 * SHELL_REMOTE_ORIGINS, each as an origin (`https://cdn.example`); unset or empty: none named.
 * @param {Record<string, string | undefined>} env
 */
function remoteOrigins(env) {
  const listed = (env.SHELL_REMOTE_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
    .map((origin) => {
      if (!URL.canParse(origin)) throw new Error(`SHELL_REMOTE_ORIGINS has "${origin}", which is not a URL`);
      return new URL(origin).origin;
    });
  return listed.length > 0 ? listed : undefined;
}

/**
 * The variables the environment's public settings are read from (site-config's
 * publicSettingsFromEnvironment, in the renderer; the CSP's API origins are two of them). Picked
 * here, so the renderer bundle reads no process.env and is handed nothing else; site-config's test
 * keeps the list and its parser in step.
 */
const PUBLIC_SETTINGS = publicSettingVariables;

/** PORT: 0 asks the system for a free one. @param {string | undefined} value @param {number} fallback */
function port(value, fallback) {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0 || number > 65535)
    throw new Error(`PORT must be a port number, not "${value}"`);
  return number;
}

/**
 * @typedef {{ kind: 'file', file: string } | { kind: 'http', url: string }
 *   | { kind: 'database', databaseUrl: string, environment: string, rereadMs: number }} RegistryLocation
 *   where the environment's registry is read (registrySource.mjs opens it); a database is also read
 *   every `rereadMs` (SHELL_REGISTRY_REREAD_SECONDS), besides its notifications
 */

/**
 * SHELL_REGISTRY_URL: an http(s) URL or a postgres:// one (the release commands' database, its
 * environment RELEASES_ENV), which shell servers on several machines can share, or a file's path; SHELL_REGISTRY_FILE, its older name, a file's path. Neither: the build's own.
 * @param {Record<string, string | undefined>} env
 * @returns {RegistryLocation | undefined}
 */
function registryLocation(env) {
  const url = env.SHELL_REGISTRY_URL?.trim();
  const file = env.SHELL_REGISTRY_FILE?.trim();
  if (url && file) throw new Error('Set SHELL_REGISTRY_URL only: it replaces SHELL_REGISTRY_FILE');
  if (file) return { kind: 'file', file: path.resolve(file) };
  if (!url) return undefined;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if ((scheme === 'http' || scheme === 'https') && URL.canParse(url)) return { kind: 'http', url };
  if ((scheme === 'postgres' || scheme === 'postgresql') && URL.canParse(url))
    return {
      kind: 'database',
      databaseUrl: url,
      environment: env.RELEASES_ENV || 'local',
      rereadMs: positiveNumber(env.SHELL_REGISTRY_REREAD_SECONDS, 30, 'SHELL_REGISTRY_REREAD_SECONDS') * 1000,
    };
  if (scheme === 'file' && URL.canParse(url)) return { kind: 'file', file: fileURLToPath(url) };
  // A one-letter scheme is a Windows drive (C:\…): a path.
  if (scheme && scheme.length > 1)
    throw new Error(`SHELL_REGISTRY_URL must be an http(s) or postgres URL or a file's path, not "${url}"`);
  return { kind: 'file', file: path.resolve(url) };
}

/**
 * SHELL_REGISTRY_CACHE: the file the last good registry document is kept in, for a server that
 * starts while its registry cannot be read; by default one per registry in the system's temporary
 * folder (a persistent volume's path survives a new container). Unset registry: none (the build's
 * file is always there).
 * @param {Record<string, string | undefined>} env @param {RegistryLocation | undefined} registry
 */
function registryCacheFile(env, registry) {
  const file = env.SHELL_REGISTRY_CACHE?.trim();
  if (file) return path.resolve(file);
  if (!registry) return undefined;
  const where =
    registry.kind === 'file'
      ? registry.file
      : registry.kind === 'http'
        ? registry.url
        : `${registry.databaseUrl}#${registry.environment}`;
  const name = createHash('sha256').update(where).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `shell-registry-${name}.json`);
}

/**
 * SHELL_WEB_VITALS (`false` turns the measuring off), SHELL_WEB_VITALS_SAMPLE_RATE (the share of
 * page views measured, above 0 and at most 1), SHELL_WEB_VITALS_LIMIT per
 * SHELL_WEB_VITALS_LIMIT_WINDOW_SECONDS (beacons one address may send) and
 * SHELL_WEB_VITALS_NETWORK_LIMIT (beacons counted per network, /24 or /48, a minute; 6: a few
 * people behind one gateway browsing, not one client's flood). Every page view by default:
 * a small site needs them all for a steady 75th percentile; a busy one samples.
 * @param {Record<string, string | undefined>} env
 */
function webVitalsSettings(env) {
  const sampleRate = positiveNumber(env.SHELL_WEB_VITALS_SAMPLE_RATE, 1, 'SHELL_WEB_VITALS_SAMPLE_RATE');
  if (sampleRate > 1) throw new Error(`SHELL_WEB_VITALS_SAMPLE_RATE must be at most 1, not "${sampleRate}"`);
  return {
    enabled: env.SHELL_WEB_VITALS !== 'false',
    sampleRate,
    limit: {
      max: positiveNumber(env.SHELL_WEB_VITALS_LIMIT, 30, 'SHELL_WEB_VITALS_LIMIT'),
      windowMs:
        positiveNumber(
          env.SHELL_WEB_VITALS_LIMIT_WINDOW_SECONDS,
          60,
          'SHELL_WEB_VITALS_LIMIT_WINDOW_SECONDS',
        ) * 1000,
    },
    networkLimit: positiveNumber(env.SHELL_WEB_VITALS_NETWORK_LIMIT, 6, 'SHELL_WEB_VITALS_NETWORK_LIMIT'),
  };
}

/**
 * @typedef {object} ServerSettings
 * @property {number} port where the server listens (PORT; default the shell's local port, 3000)
 * @property {string | undefined} host the address it listens on (SHELL_HOST; default loopback)
 * @property {readonly string[] | undefined} remoteOrigins the only origins remote code is loaded
 *   from, the release hosts (SHELL_REMOTE_ORIGINS); unset: any the registry names
 * @property {Readonly<Record<string, string>>} publicEnvironment the public settings' variables
 *   that are set (SITE_URL, SUPABASE_URL…), which the renderer reads the public settings from
 * @property {{ max: number, windowMs: number }} renderLimit renders (cache misses) a client may
 *   cause per window; what the server answers from its cache is never limited
 * @property {readonly string[] | number} trustProxy the proxies (besides the server's own host)
 *   whose forwarding headers give a request's address and protocol, or a number of hops
 * @property {boolean} httpsRedirect answer a request the proxy received over http
 *   (`X-Forwarded-Proto: http`) with a redirect to the site's https URL
 * @property {string | undefined} metricsToken lets a scraper elsewhere read /metrics with
 *   `Authorization: Bearer <token>`; the server's own host can always read it
 * @property {string} logLevel pino's level for the server's JSON log
 * @property {number} maxUrlLength longest address answered (longer: 414)
 * @property {RegistryLocation | undefined} registry where the environment's registry is read
 *   (unset: the build's own remotes.json)
 * @property {string | undefined} registryCache the file its last good document is kept in
 * @property {string | undefined} previewSecret signs preview links (SHELL_PREVIEW_SECRET); unset: no previews
 * @property {{ enabled: boolean, sampleRate: number, limit: { max: number, windowMs: number }, networkLimit: number }} webVitals
 *   whether visitors' browsers measure their Web Vitals, the share of page views that do, the
 *   beacons one address may send per window, and the beacons counted per network a minute
 */

/** @param {Record<string, string | undefined>} [env] @returns {ServerSettings} */
export function readServerSettings(env = process.env) {
  const registry = registryLocation(env);
  return {
    port: port(env.PORT, findApp('shell').port),
    host: env.SHELL_HOST || undefined,
    remoteOrigins: remoteOrigins(env),
    publicEnvironment: Object.fromEntries(
      PUBLIC_SETTINGS.flatMap((name) => (env[name] ? [[name, env[name]]] : [])),
    ),
    renderLimit: {
      max: positiveNumber(env.SHELL_RENDER_LIMIT, 60, 'SHELL_RENDER_LIMIT'),
      windowMs:
        positiveNumber(env.SHELL_RENDER_LIMIT_WINDOW_SECONDS, 60, 'SHELL_RENDER_LIMIT_WINDOW_SECONDS') * 1000,
    },
    trustProxy: trustedProxies(env),
    httpsRedirect: env.SHELL_HTTPS_REDIRECT === 'true',
    metricsToken: env.SHELL_METRICS_TOKEN || undefined,
    logLevel: env.SHELL_LOG_LEVEL || 'info',
    maxUrlLength: positiveNumber(env.SHELL_MAX_URL_LENGTH, 2048, 'SHELL_MAX_URL_LENGTH'),
    registry,
    registryCache: registryCacheFile(env, registry),
    previewSecret: env.SHELL_PREVIEW_SECRET || undefined,
    webVitals: webVitalsSettings(env),
  };
}

export const DEFAULT_SERVER_SETTINGS = readServerSettings({});

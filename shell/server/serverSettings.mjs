/**
 * What the operator configures of the shell's server, read from its environment (docs/operator.md,
 * "Configuration"). Every setting has a default that suits a server behind one reverse proxy.
 */

/** @param {string | undefined} value @param {number} fallback @param {string} name */
function positiveNumber(value, fallback, name) {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0)
    throw new Error(`${name} must be a positive number, not "${value}"`);
  return number;
}

/**
 * @typedef {object} ServerSettings
 * @property {{ max: number, windowMs: number }} renderLimit renders (cache misses) a client may
 *   cause per window; what the server answers from its cache is never limited
 * @property {string | undefined} clientAddressHeader the header the proxy writes the visitor's
 *   address in (`x-forwarded-for`: its last entry); unset: the connection's address
 * @property {boolean} httpsRedirect answer a request the proxy received over http
 *   (`X-Forwarded-Proto: http`) with a redirect to the site's https URL
 * @property {string | undefined} metricsToken lets a scraper elsewhere read /metrics with
 *   `Authorization: Bearer <token>`; the server's own host can always read it
 * @property {string} logLevel pino's level for the server's JSON log
 * @property {number} maxUrlLength longest address answered (longer: 414)
 */

/** @param {Record<string, string | undefined>} [env] @returns {ServerSettings} */
export function readServerSettings(env = process.env) {
  return {
    renderLimit: {
      max: positiveNumber(env.SHELL_RENDER_LIMIT, 60, 'SHELL_RENDER_LIMIT'),
      windowMs:
        positiveNumber(env.SHELL_RENDER_LIMIT_WINDOW_SECONDS, 60, 'SHELL_RENDER_LIMIT_WINDOW_SECONDS') * 1000,
    },
    clientAddressHeader: env.SHELL_CLIENT_ADDRESS_HEADER?.trim().toLowerCase() || undefined,
    httpsRedirect: env.SHELL_HTTPS_REDIRECT === 'true',
    metricsToken: env.SHELL_METRICS_TOKEN || undefined,
    logLevel: env.SHELL_LOG_LEVEL || 'info',
    maxUrlLength: positiveNumber(env.SHELL_MAX_URL_LENGTH, 2048, 'SHELL_MAX_URL_LENGTH'),
  };
}

export const DEFAULT_SERVER_SETTINGS = readServerSettings({});

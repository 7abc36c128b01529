// The build tools' settings, read from the environment in this one place: which Chromium to drive,
// which release of federation's build plugin to build with, and the API origins a page may call.

/**
 * @typedef {object} BuildSettings
 * @property {string | null} chromePath CHROME_PATH: a Chromium to use instead of the usual places
 * @property {string} moduleFederationPackage MODULE_FEDERATION_PACKAGE: federation's build plugin,
 *   or an npm alias of an older release (a test builds a remote as a team that has not rebuilt would)
 * @property {string | undefined} supabaseUrl SUPABASE_URL: remote-booking's API
 * @property {string | undefined} emailJsOrigin EMAILJS_ORIGIN: remote-contact's API
 */

/**
 * @param {Record<string, string | undefined>} [env] the environment (a caller's own, e.g. the
 *   shell server's public settings; default this process's)
 * @returns {BuildSettings}
 */
export function readBuildSettings(env = process.env) {
  return {
    chromePath: env.CHROME_PATH || null,
    moduleFederationPackage: env.MODULE_FEDERATION_PACKAGE || '@module-federation/enhanced',
    supabaseUrl: env.SUPABASE_URL || undefined,
    emailJsOrigin: env.EMAILJS_ORIGIN || undefined,
  };
}

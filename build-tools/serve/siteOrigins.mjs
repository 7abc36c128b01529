import path from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { checkRegistryDocument } from 'release-registry/registry-document';
import { findApp, LOCAL_BACKEND_URL } from '../apps.mjs';
import { readBuildSettings } from '../buildSettings.mjs';

const shellDir = path.resolve(import.meta.dirname, '..', '..', findApp('shell').dir);

/** Where a QA override loads a candidate build from: a tester's own machine (docs/qa.md, the QA override). */
export const OVERRIDE_CANDIDATE_SOURCE = 'http://localhost:*';

/** The deployed registry; a remote team serving its remote alone may not have built the shell. */
function defaultRegistryFile() {
  const built = path.join(shellDir, 'dist', 'remotes.json');
  return existsSync(built) ? built : path.join(shellDir, 'public', 'remotes.json');
}

/**
 * The origins the site's pages may load code from and talk to, read from the configuration the
 * apps themselves use, so a moved remote or another Supabase project needs no change here: the
 * shell's registry, and the build variables of remote-booking (SUPABASE_URL) and remote-contact
 * (EMAILJS_ORIGIN) with the same fallback as their src/config.ts.
 *
 * @param {{ registryFile?: string, registry?: import('release-registry/registry-document').RegistryDocument, env?: Record<string, string | undefined> }} [options]
 *   `registry`: the document itself, read elsewhere (a shell server's registry URL)
 * @returns {{ remoteOrigins: string[], apiOrigins: string[] }}
 */
export function readSiteOrigins({
  registryFile = defaultRegistryFile(),
  registry = checkRegistryDocument(JSON.parse(readFileSync(registryFile, 'utf8')), registryFile),
  env,
} = {}) {
  // The earlier versions too: a server renders one of them while a new host's version is being
  // checked, or when it fails, and its pages then load that version's code.
  const manifestUrls = [...Object.values(registry.remotes), ...Object.values(registry.previous ?? {}).flat()];
  const remoteOrigins = manifestUrls.map((manifestUrl) => new URL(manifestUrl).origin);
  // Only a registry that lets QA override a remote (never production's) may load code from elsewhere.
  if (registry.allowOverrides) remoteOrigins.push(OVERRIDE_CANDIDATE_SOURCE);
  const { supabaseUrl, emailJsOrigin } = readBuildSettings(env);
  const apiOrigins = [supabaseUrl, emailJsOrigin].map((url) => new URL(url || LOCAL_BACKEND_URL).origin);
  return { remoteOrigins: [...new Set(remoteOrigins)], apiOrigins: [...new Set(apiOrigins)] };
}

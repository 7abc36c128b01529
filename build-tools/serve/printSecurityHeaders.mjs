import { securityHeaders } from './securityHeaders.mjs';
import { readSiteOrigins } from './siteOrigins.mjs';

/**
 * Prints the headers an environment's hosts must send, for its CDN or bucket configuration:
 * `SUPABASE_URL=… EMAILJS_ORIGIN=… node build-tools/serve/printSecurityHeaders.mjs <its remotes.json>`
 * (without a file: the shell's built or local registry).
 */
const registryFile = process.argv[2];
const headers = securityHeaders(readSiteOrigins(registryFile ? { registryFile } : {}));
for (const [name, value] of Object.entries(headers)) console.log(`${name}: ${value}`);

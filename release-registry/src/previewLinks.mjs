// Owns the format of a preview link (docs/releases.md, "Preview"): a candidate version of one remote,
// signed with the environment's secret (HMAC-SHA256) and valid until a time at most a day ahead; how
// one is made (release-tools' `preview` command) and how the shell's server checks it. Both import it
// from here (`release-registry/preview-links`), so the signer and the checker cannot drift apart.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The longest a preview link may be valid: a link that leaked stops working within a day. */
export const PREVIEW_MAX_MS = 24 * 60 * 60 * 1000;
/** Where a preview link is opened on the shell's server; `/end` leaves the preview. */
export const PREVIEW_PATH = '/_shell/preview';

/**
 * @typedef {object} Preview a candidate version one visitor sees in place of the live one
 * @property {string} remote the remote's name (`marketing`)
 * @property {string} manifestUrl the candidate's manifest
 * @property {number} expires when the link stops working (ms since the epoch)
 * @property {string} path the page the link opens (`/`)
 */

/** @param {string} payload @param {string} secret */
const signatureOf = (payload, secret) => createHmac('sha256', secret).update(payload).digest();

/**
 * The signed token of a preview: its fields as base64url JSON, a dot, their signature.
 * @param {Preview} preview @param {string} secret
 */
export function signPreview(preview, secret) {
  const { remote, manifestUrl, expires, path } = preview;
  const payload = Buffer.from(JSON.stringify({ remote, manifestUrl, expires, path })).toString('base64url');
  return `${payload}.${signatureOf(payload, secret).toString('base64url')}`;
}

/**
 * The link QA opens: the site's URL, the preview path and the token.
 * @param {string} siteUrl @param {Preview} preview @param {string} secret
 */
export function previewLink(siteUrl, preview, secret) {
  const link = new URL(PREVIEW_PATH, siteUrl);
  link.searchParams.set('token', signPreview(preview, secret));
  return link.href;
}

/**
 * @typedef {object} PreviewCheck what a token must satisfy besides its signature
 * @property {string} secret
 * @property {readonly string[]} remotes the remotes' names
 * @property {readonly string[]} allowedOrigins the origins remote code may be loaded from
 * @property {number} [now]
 */

/**
 * The preview a token names if it is signed with the secret, not expired, at most a day ahead, of a
 * known remote and served from an allowed origin; else why it is refused.
 * @param {string} token @param {PreviewCheck} check
 * @returns {{ preview: Preview } | { refused: string }}
 */
export function verifyPreview(token, { secret, remotes, allowedOrigins, now = Date.now() }) {
  const [payload = '', signature = '', ...rest] = token.split('.');
  const given = Buffer.from(signature, 'base64url');
  const expected = signatureOf(payload, secret);
  if (rest.length > 0 || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { refused: 'the signature does not match' };
  }
  const preview = parsePayload(payload);
  if (!preview) return { refused: 'the link is malformed' };
  if (preview.expires <= now) return { refused: 'the link has expired' };
  if (preview.expires > now + PREVIEW_MAX_MS) return { refused: 'the link is valid for more than a day' };
  if (!remotes.includes(preview.remote)) return { refused: `no remote is named ${preview.remote}` };
  if (!allowedOrigins.includes(new URL(preview.manifestUrl).origin)) {
    return { refused: `${preview.manifestUrl} is not on a release host of this site` };
  }
  return { preview };
}

/** @param {string} payload @returns {Preview | null} */
function parsePayload(payload) {
  try {
    /** @type {Partial<Preview>} */
    const { remote, manifestUrl, expires, path } = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const valid =
      typeof remote === 'string' &&
      typeof manifestUrl === 'string' &&
      URL.canParse(manifestUrl) &&
      typeof expires === 'number' &&
      // A page of this site only: never another host (`//host`, `/\host`).
      typeof path === 'string' &&
      /^\/(?![/\\])/.test(path);
    return valid ? { remote, manifestUrl, expires, path } : null;
  } catch {
    return null;
  }
}

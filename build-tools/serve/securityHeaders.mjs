/**
 * The security headers every response of the site's static hosts carries (shell and remotes alike:
 * a remote's own page is its harness, which runs the same code the shell loads from it).
 *
 * @param {object} origins
 * @param {string[]} origins.remoteOrigins where federated code is loaded from (CSP source expressions)
 * @param {string[]} origins.apiOrigins the hosted services the forms call (Supabase, EmailJS)
 * @returns {Record<string, string>}
 */
export function securityHeaders({ remoteOrigins, apiOrigins }) {
  /** @type {Record<string, string[]>} */
  const directives = {
    'default-src': ["'self'"],
    // No 'unsafe-eval': with remoteEntry type "global" and publicPath "auto" neither webpack's nor
    // Module Federation's runtime reaches its new Function() branches.
    'script-src': ["'self'", ...remoteOrigins],
    // The shell fetches each remote's mf-manifest.json before loading its scripts.
    'connect-src': ["'self'", ...remoteOrigins, ...apiOrigins],
    // A remote's packaged images (and its pages' share images) are served from its own origin; the
    // site's icons and web app manifest are the shell's own files (the manifest falls under
    // default-src); a remote's harness shows the mark as a data: URL.
    'img-src': ["'self'", 'data:', ...remoteOrigins],
    'font-src': ["'self'", ...remoteOrigins],
    // Each app's CSS is a file on its own origin, written into the server's HTML (or linked, when
    // the server could not read it) and loaded with its chunk as the visitor navigates.
    // 'unsafe-inline' admits those written-in stylesheets and the style attributes (animation
    // delays), which a nonce could never cover; inline styles cannot run code, and scripts stay
    // limited to the origins above.
    'style-src': ["'self'", "'unsafe-inline'", ...remoteOrigins],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  const policy = Object.entries(directives)
    .map(([name, sources]) => [name, ...new Set(sources)].join(' '))
    .join('; ');
  return {
    'Content-Security-Policy': policy,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  };
}

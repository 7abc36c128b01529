// Owns how a request's address is read: split into path and query as sent, and as a URL the
// renderer can read (or null when its path cannot be decoded).

/**
 * A request's address split into its path and its query (with its `?`, or ''), as sent.
 * @param {string} rawUrl
 */
export function splitAddress(rawUrl) {
  const query = rawUrl.indexOf('?');
  return query === -1
    ? { pathname: rawUrl, search: '' }
    : { pathname: rawUrl.slice(0, query), search: rawUrl.slice(query) };
}

/**
 * The request's address as a URL the renderer can read, or null when its path cannot be decoded.
 * Joined, not resolved: `//x/` is a path here, not another host.
 * @param {string} rawUrl
 */
export function readableUrl(rawUrl) {
  try {
    const url = new URL(`http://shell.invalid${rawUrl.startsWith('/') ? '' : '/'}${rawUrl}`);
    decodeURIComponent(url.pathname);
    return url;
  } catch {
    return null;
  }
}

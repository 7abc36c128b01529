// Owns the error statuses the site has a page of its own for (the one list: the server asks the
// renderer's `httpErrorPageFor`), and the context that shows one in place of the route's page.
import { createContext } from 'react';

/** The errors the shell's server answers with the site's own page (docs/operator.md, "Errors"). */
export const HTTP_ERROR_STATUSES = [400, 403, 405, 413, 414, 429, 500, 503] as const;
export type HttpErrorStatus = (typeof HTTP_ERROR_STATUSES)[number];

export function isHttpErrorStatus(status: number): status is HttpErrorStatus {
  return (HTTP_ERROR_STATUSES as readonly number[]).includes(status);
}

/** The page an error status is answered with: its own, else the 500's (a server's) or the 400's. */
export function httpErrorPageFor(status: number): HttpErrorStatus {
  if (isHttpErrorStatus(status)) return status;
  return status >= 500 ? 500 : 400;
}

/**
 * The error the server answered for the address the document was loaded at, if any: the layout
 * shows its page there instead of the route's, on the server and in hydration alike.
 */
export const HttpStatusContext = createContext<HttpErrorStatus | null>(null);

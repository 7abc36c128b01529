import { createContext } from 'react';

/** The errors the shell's server answers with the site's own page (docs/operator.md, "Errors"). */
export const HTTP_ERROR_STATUSES = [400, 403, 405, 413, 414, 429, 500, 503] as const;
export type HttpErrorStatus = (typeof HTTP_ERROR_STATUSES)[number];

export function isHttpErrorStatus(status: number): status is HttpErrorStatus {
  return (HTTP_ERROR_STATUSES as readonly number[]).includes(status);
}

/**
 * The error the server answered for the address the document was loaded at, if any: the layout
 * shows its page there instead of the route's, on the server and in hydration alike.
 */
export const HttpStatusContext = createContext<HttpErrorStatus | null>(null);

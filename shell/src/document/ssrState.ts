import type { RemoteName } from '../remotes/remoteContracts';
import type { HttpErrorStatus } from '../routes/httpStatus';
import type { UnavailablePageData } from '../routes/remotePageLoader';

/** What the server tells the browser beside its HTML, so hydration renders what it rendered. */
export interface SsrState {
  /**
   * The server's loader data, which the browser's router hydrates with: a page the server answered
   * with its "temporarily unavailable" panel is there; a rendered page is not, its module being
   * code (`serializableLoaderData`); an error's page has none.
   */
  loaderData: Record<string, UnavailablePageData>;
  /**
   * The manifest of each remote version the page was rendered with: the browser hydrates with
   * that version's files, never a newer one the registry named meanwhile (a release).
   */
  remoteManifests: Partial<Record<RemoteName, string>>;
  /** The error the server answered instead of the route's page (its page is shown in its place). */
  httpStatus?: HttpErrorStatus;
}

export const SSR_STATE_ELEMENT_ID = 'shell-ssr-state';

/** JSON safe inside a <script> element: no "</script>" or "<!--" can close it early. */
export function serializeJsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The state of a server-rendered page, or null for the client-rendered page (no server HTML). */
export function readSsrState(): SsrState | null {
  const element = document.getElementById(SSR_STATE_ELEMENT_ID);
  return element?.textContent ? (JSON.parse(element.textContent) as SsrState) : null;
}

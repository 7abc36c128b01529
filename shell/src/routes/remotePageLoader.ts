// The loader of a remote page's route: where the page sends the visitor instead (an unknown or
// renamed id), answered as the router's redirect on the server (308) and in the browser alike.
import { replace, type LoaderFunction } from 'shared-router';
import { settledPageModule } from '../remotes/pageLoads';
import type { RemotePageId, RemotePageModule } from '../remotes/remoteContracts';

/** What the server hands a route's loader: the module of the page version it renders, if it loaded. */
export interface ServerPageContext {
  pageModule: RemotePageModule | null;
}

function isServerPageContext(context: unknown): context is ServerPageContext {
  return typeof context === 'object' && context !== null && 'pageModule' in context;
}

/**
 * Loads a page before the router shows it: the server has loaded the version it renders, the
 * browser loads the page here (so a navigation shows the next page whole, in one frame). A page
 * that cannot be loaded is not the loader's failure: the route shows its "temporarily
 * unavailable" panel, with Retry. The visitor's query goes with a redirect.
 */
export function remotePageLoader(page: RemotePageId): LoaderFunction {
  return async ({ params, request, context }) => {
    const module = isServerPageContext(context) ? context.pageModule : await settledPageModule(page);
    const to = module?.redirectFor?.(params);
    // Replacing the history entry in the browser, so Back skips the detour.
    if (to) throw replace(`${to}${new URL(request.url).search}`, 308);
    return null;
  };
}

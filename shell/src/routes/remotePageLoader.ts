// The loader of a remote page's route: the page's module, from whichever side renders (the server's
// version being rendered, the browser's one loader of remotes), and the redirect a page asks for,
// answered as the router's own on the server (308) and in the browser alike.
import { createContext, replace, RouterContextProvider, type LoaderFunctionArgs } from 'shared-router';
import type { Language } from 'shared-i18n';
import type { RemotePageId, RemotePageModule } from '../remotes/remoteContracts';

/** A page's module and the languages of the version it comes from. */
export interface VersionPage {
  module: RemotePageModule;
  languages: readonly Language[];
}

/** Where a route's loader gets pages from: each side hands its own in the router's context. */
export interface PageModules {
  where: 'server' | 'browser';
  /** The page, or null when it could not be loaded (its route shows its panel, with Retry). */
  load: (page: RemotePageId) => Promise<VersionPage | null>;
}

/** What a remote page's route reads (`useLoaderData`): its page, or where it could not be loaded. */
export type RemotePageData =
  (VersionPage & { unavailable?: undefined }) | { module: null; unavailable: PageModules['where'] };

/** A page's data without its module: what the server's HTML can carry to the browser. */
export type UnavailablePageData = Extract<RemotePageData, { module: null }>;

const pageModulesContext = createContext<PageModules>();

/** The router context whose route loaders load pages from `modules`. */
export function pageModulesRouterContext(modules: PageModules): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(pageModulesContext, modules);
  return context;
}

/**
 * Loads a page before the router shows it, so a navigation shows the next page whole, in one
 * frame. A page that cannot be loaded is not the loader's failure: the route shows its "temporarily
 * unavailable" panel, with Retry. The visitor's query goes with a redirect.
 */
export function remotePageLoader(page: RemotePageId) {
  return async ({
    params,
    request,
    context,
  }: LoaderFunctionArgs<Readonly<RouterContextProvider>>): Promise<RemotePageData> => {
    const modules = context.get(pageModulesContext);
    const loaded = await modules.load(page);
    if (!loaded) return { module: null, unavailable: modules.where };
    const to = loaded.module.redirectFor?.(params);
    // Replacing the history entry in the browser, so Back skips the detour.
    if (to) throw replace(`${to}${new URL(request.url).search}`, 308);
    return loaded;
  };
}

/**
 * The server's loader data as its HTML carries it to the browser: a page's module is code, not
 * data, so a loaded page's entry is left out (the browser's loader loads that page, at the version
 * the HTML names, before hydrating); a page the server could not load or render stays as it is.
 */
export function serializableLoaderData(
  loaderData: Readonly<Record<string, unknown>>,
): Record<string, UnavailablePageData> {
  return Object.fromEntries(
    Object.entries(loaderData).filter(
      (entry): entry is [string, UnavailablePageData] => (entry[1] as RemotePageData | null)?.module === null,
    ),
  );
}

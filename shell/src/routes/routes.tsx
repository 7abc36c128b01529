// The site's one route table (docs/product.md §2), as React Router reads it on the server and in
// the browser: each path owned by one remote's page, with the page's loader; any other path is the
// 404.
import { matchRoutes, type RouteObject } from 'shared-router';
import { Layout } from '../layout/Layout';
import { RemotePage } from '../remotes/RemotePage';
import type { RemotePageId } from '../remotes/remoteContracts';
import { NotFoundPage } from './NotFoundPage';
import { RouteErrorPage } from './RouteErrorPage';
import { remotePageLoader } from './remotePageLoader';
import { REMOTE_ROUTES } from './remoteRoutes';

/** What a remote page's route carries, so a match names its page. */
interface RemotePageHandle {
  page: RemotePageId;
}

/**
 * A remote page's route has the page's id as its own (the router's loader data is keyed by it) and
 * a loader that loads the page and answers its redirects; paths are case sensitive, as
 * docs/product.md §2 writes them.
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteErrorPage />,
    children: [
      ...REMOTE_ROUTES.map(({ path, page }) => ({
        id: page,
        path,
        caseSensitive: true,
        handle: { page } satisfies RemotePageHandle,
        loader: remotePageLoader(page),
        // The loader reads the path alone: a language switch (?lang) neither loads nor redirects
        // again, so an error page the server answered stays as it is in the other language. The
        // same address again is Retry's revalidation (or a click on the current page's link).
        shouldRevalidate: ({ currentUrl, nextUrl }: { currentUrl: URL; nextUrl: URL }) =>
          currentUrl.pathname !== nextUrl.pathname || currentUrl.href === nextUrl.href,
        element: <RemotePage page={page} />,
      })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The remote page of the deepest matched route, or null for the shell's 404 page. */
export function remotePageOf(matches: readonly { route: RouteObject }[]): RemotePageId | null {
  return (matches.at(-1)?.route.handle as RemotePageHandle | undefined)?.page ?? null;
}

/**
 * The page a pathname shows, or null (the 404 page): the route table read by the router's own
 * matcher, where no router exists yet (the server answering an unknown path, the browser loading
 * the first page before it hydrates, the sitemap).
 */
export function pageForPath(pathname: string): RemotePageId | null {
  if (!mayBeAPage(pathname)) return null;
  return remotePageOf(matchRoutes(routes, pathname) ?? []);
}

/**
 * Each remote route's first path segment ('' for the home page), or null when one is a parameter
 * and any segment may match. The router's matcher ranks the whole table again on every call: a
 * scanner's made-up path (`/wp-admin/…`) is told from a page by this set alone.
 */
const FIRST_SEGMENTS: ReadonlySet<string> | null = (() => {
  const segments = REMOTE_ROUTES.map(({ path }) => path.split('/')[1] ?? '');
  return segments.some((segment) => segment.startsWith(':') || segment.includes('*'))
    ? null
    : new Set(segments);
})();

/** False for a path whose first segment no route has: certainly the 404, told without the matcher. */
export function mayBeAPage(pathname: string): boolean {
  // The matcher decodes the path (`/%61bout` is /about): an encoded one is left to it.
  if (!FIRST_SEGMENTS || pathname.includes('%')) return true;
  const end = pathname.indexOf('/', 1);
  return FIRST_SEGMENTS.has(pathname.slice(1, end === -1 ? undefined : end));
}

import type { RouteObject } from 'shared-router';
import { Layout } from '../layout/Layout';
import { RemotePage } from '../remotes/RemotePage';
import type { RemotePageId } from '../remotes/remoteContracts';
import { REMOTE_ROUTES } from '../remotes/remoteRoutes';
import { NotFoundPage } from './NotFoundPage';
import { RouteErrorPage } from './RouteErrorPage';

/** What a remote page's route carries for the server, which loads the page the router matched. */
interface RemotePageHandle {
  page: RemotePageId;
}

/**
 * SPEC §2 route table: each path is owned by one remote's page, any other path is the 404. Case
 * sensitive, as `pageForPath` is: both are the router's matcher on the same entries.
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteErrorPage />,
    children: [
      ...REMOTE_ROUTES.map(({ path, page }) => ({
        path,
        caseSensitive: true,
        handle: { page } satisfies RemotePageHandle,
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

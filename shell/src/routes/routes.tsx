import type { RouteObject } from 'shared-router';
import { Layout } from '../layout/Layout';
import { RemotePage } from '../remotes/RemotePage';
import { REMOTE_ROUTES } from '../remotes/remoteRoutes';
import { NotFoundPage } from './NotFoundPage';
import { RouteErrorPage } from './RouteErrorPage';

/** SPEC §2 route table: each path is owned by one remote's page, any other path is the 404. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteErrorPage />,
    children: [
      ...REMOTE_ROUTES.map(({ path, page }) => ({ path, element: <RemotePage page={page} /> })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

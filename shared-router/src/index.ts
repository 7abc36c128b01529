/**
 * The router of the composed site. Every app imports routing from here, never from react-router,
 * and this module is the federation singleton: one router context for the shell and all remotes.
 *
 * A shared module cannot be tree-shaken (the provider cannot know what other apps will use), so
 * sharing react-router-dom itself sends all of it to every visitor (61 KB gzip). Sharing this list
 * instead lets webpack shake react-router down to it (about 30 KB gzip). The price: an app that
 * needs another export adds it here, and the shell is deployed before the remote that uses it,
 * as with any addition to a shared package. The static router and handler, which render a request
 * on the shell's server, are in `shared-router/server`, so browsers never download them.
 */
export {
  Link,
  NavLink,
  Navigate,
  Outlet,
  RouterContextProvider,
  RouterProvider,
  createBrowserRouter,
  createContext,
  isRouteErrorResponse,
  matchRoutes,
  replace,
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigation,
  useParams,
  useRevalidator,
  useRouteError,
  useSearchParams,
} from 'react-router-dom';
export type { HydrationState, LoaderFunction, LoaderFunctionArgs, RouteObject } from 'react-router-dom';

/**
 * The part of the router only the shell's server uses: it renders a request with the static router
 * and handler. It is not a federation share of its own: in the shell's server bundle it imports the
 * same react-router module as the shared `shared-router`, so the remotes' pages read the route the
 * static router provides.
 */
export { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router-dom';

import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider, type HydrationState } from 'shared-router';
import { translationsReady } from 'shared-i18n';
import { configureSite } from 'site-config';
import 'shared-theme/base.css';
import './i18n';
import { pageForPath, routes } from './routes/routes';
import { pageModulesRouterContext, type RemotePageData } from './routes/remotePageLoader';
import { browserPageModules, loadRegistry } from './remotes/browserRemotes';
import { firstRenderStarts } from './remotes/firstPage';
import { preloadLikelyPages } from './remotes/preloadLikelyPages';
import { LIKELY_NEXT_PATHS } from './layout/navigation';
import { Document } from './document/Document';
import { readSsrState, type SsrState } from './document/ssrState';
import { readPublicSettings } from './document/publicSettingsElement';
import { startWebVitals } from './webVitals/startWebVitals';
import { yieldToMain } from './mainThread';

// The environment's settings the server wrote into the page, before anything reads them (every
// app reads them through site-config, shared with the remotes). A page no server sent keeps the local ones.
const settings = readPublicSettings();
if (settings) configureSite(settings);

// Fetch the registry now, without waiting: the layout renders while remotes are located.
loadRegistry().catch((error: unknown) => console.error('[shell] remote registry unavailable', error));

/** What the browser's route loaders read: pages come through the browser's one loader of remotes. */
const routerContext = pageModulesRouterContext(browserPageModules);

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * The router's hydration data: the server's loader data. Where the server answered an error's
 * page instead of the address's own (shared by every address, so without its data), that page
 * was not rendered either: the browser neither loads it nor follows a redirect it would ask for.
 */
function hydrationData({ loaderData, httpStatus }: SsrState): HydrationState {
  const notShown = httpStatus ? pageForPath(window.location.pathname) : null;
  const unavailable: RemotePageData = { module: null, unavailable: 'server' };
  return { loaderData: notShown ? { ...loaderData, [notShown]: unavailable } : loaderData };
}

/** Settles once the router has run the loaders its first render needs (at once if none). */
function initialized(router: Router): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

async function start(): Promise<void> {
  // Each step below is a task of its own: the modules' own start, the router's, hydration.
  await yieldToMain();
  const serverState = readSsrState();
  // The server's loader data is the router's hydration data. What it lacks, a page the server
  // rendered (a module is code, not data), the router loads as it starts, through the browser's
  // loader of remotes and at the version the HTML names, so the layout and the page hydrate
  // together. Without server HTML the router loads the URL's page the same way.
  const router = createBrowserRouter(routes, {
    getContext: () => routerContext,
    ...(serverState ? { hydrationData: hydrationData(serverState) } : {}),
  });
  // The strings of the page's language (shared-i18n took it from the URL) before the first render.
  await Promise.all([initialized(router), translationsReady()]);
  await yieldToMain();
  firstRenderStarts();
  preloadLikelyPages(LIKELY_NEXT_PATHS);
  startWebVitals({ sampleRate: settings?.webVitals?.sampleRate, hydrated: serverState !== null });
  if (serverState) {
    // The server sent the whole page: hydrate it as it is. A page the server could not render
    // starts as its "temporarily unavailable" panel, as the server sent it. As a transition, so
    // React hydrates in slices it yields between: the layout first, then the header, the page and
    // the footer, each a boundary of its own (Layout.tsx). A tap on one of them before it has
    // hydrated makes React hydrate that one first, then handles the tap.
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <Document state={serverState}>
            <RouterProvider router={router} />
          </Document>
        </StrictMode>,
      );
    });
    return;
  }
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html lacks #root');
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

void start();

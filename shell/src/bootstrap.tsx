import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'shared-router';
import { translationsReady } from 'shared-i18n';
import { configureSite } from 'site-config';
import 'shared-theme/base.css';
import './i18n';
import { pageForPath, routes } from './routes/routes';
import { loadRegistry } from './remotes/loadRemotePage';
import { firstRenderStarts, settledPageModule } from './remotes/pageLoads';
import { preloadLikelyPages } from './remotes/preloadLikelyPages';
import { LIKELY_NEXT_PATHS } from './layout/navigation';
import { RenderedPagesContext } from './remotes/renderedPages';
import { Document } from './document/Document';
import { readSsrState } from './document/ssrState';
import { readPublicSettings } from './document/publicSettingsElement';
import { startWebVitals } from './webVitals/startWebVitals';

// The environment's settings the server wrote into the page, before anything reads them (every
// app reads them through site-config, shared with the remotes). A page no server sent keeps the local ones.
const settings = readPublicSettings();
if (settings) configureSite(settings);

// Fetch the registry now, without waiting: the layout renders while remotes are located.
loadRegistry().catch((error: unknown) => console.error('[shell] remote registry unavailable', error));

/**
 * How long the first render waits for the page of the URL, whose load starts here (its files were
 * preloaded by the server's HTML): the route's page resolved before hydration, as React Router
 * has it for server rendering. Hydrated together, the layout and the page hydrate in one pass; a
 * page still loading after that keeps its server HTML until it arrives. The client-rendered page
 * (served when the server could not render) likewise shows the layout and the page in one frame.
 */
const FIRST_PAGE_WAIT_MS = 1500;

const firstPage = pageForPath(window.location.pathname);
const firstPageOrPatience = Promise.race([
  firstPage && settledPageModule(firstPage),
  new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS)),
]);

/**
 * The server ran the route's loader for this document: its answer (nothing but "no redirect") is
 * the router's hydration data, so the browser does not run it again. Without server HTML the
 * router runs it.
 */
function serverLoaderData(): Record<string, null> {
  return firstPage ? { [firstPage]: null } : {};
}

async function start(): Promise<void> {
  const serverState = readSsrState();
  // The strings of the page's language (shared-i18n took it from the URL) before the first render.
  await firstPageOrPatience;
  await translationsReady();
  const router = createBrowserRouter(
    routes,
    serverState ? { hydrationData: { loaderData: serverLoaderData() } } : {},
  );
  firstRenderStarts();
  preloadLikelyPages(LIKELY_NEXT_PATHS);
  startWebVitals({ sampleRate: settings?.webVitals?.sampleRate, hydrated: serverState !== null });
  if (serverState) {
    // The server sent the whole page: hydrate it as it is. A page the server could not render
    // starts as its "temporarily unavailable" panel, as the server sent it. At React's default
    // priority, not as a transition: the layout and the page's boundary hydrate in a task each, and
    // on the phone trace the transition's slicing made the page interactive later with no shorter
    // longest task (docs/performance.md).
    hydrateRoot(
      document,
      <StrictMode>
        <RenderedPagesContext.Provider
          value={{ modules: new Map(), failed: new Set(serverState.failedPages) }}
        >
          <Document state={serverState}>
            <RouterProvider router={router} />
          </Document>
        </RenderedPagesContext.Provider>
      </StrictMode>,
    );
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

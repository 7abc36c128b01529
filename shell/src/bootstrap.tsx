import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'shared-router';
import { translationsReady } from 'shared-i18n';
import 'shared-theme/base.css';
import './i18n';
import { routes } from './routes/routes';
import { loadRegistry } from './remotes/loadRemotePage';
import { firstRenderStarts, pathSettled } from './remotes/pageLoads';
import { RenderedPagesContext } from './remotes/renderedPages';
import { Document } from './document/Document';
import { readSsrState } from './document/ssrState';

// Fetch the registry now, without waiting: the layout renders while remotes are located.
loadRegistry().catch((error: unknown) => console.error('[shell] remote registry unavailable', error));

/**
 * How long the first render waits for the page of the URL, whose load starts here (its files were
 * preloaded by the server's HTML). Hydrated together, the layout and the page hydrate in one pass; a page still
 * loading after that keeps its server HTML until it arrives. The client-rendered page (served when
 * the server could not render) likewise shows the layout and the page in one frame.
 */
const FIRST_PAGE_WAIT_MS = 1500;

const firstPageOrPatience = Promise.race([
  pathSettled(window.location.pathname),
  new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS)),
]);

async function start(): Promise<void> {
  const router = createBrowserRouter(routes);
  const serverState = readSsrState();
  // The strings of the page's language (shared-i18n took it from the URL) before the first render.
  await firstPageOrPatience;
  await translationsReady();
  firstRenderStarts();
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

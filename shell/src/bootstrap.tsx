import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'shared-router';
import { languageFromUrl, setLanguage } from 'shared-i18n';
import 'shared-theme/base.css';
import './i18n';
import { routes } from './routes/routes';
import { loadRegistry } from './remotes/loadRemotePage';
import { pathSettled } from './remotes/pageLoads';

void setLanguage(languageFromUrl(window.location.search));
// Fetch the registry now, without waiting: the layout renders while remotes are located.
loadRegistry().catch((error: unknown) => console.error('[shell] remote registry unavailable', error));

/**
 * How long the first render may wait for the page of the URL. Rendered together, the layout and
 * the page appear in one frame; rendered before it, the page would wait behind a loading state
 * that React keeps for at least 300 ms. A slow remote still gets the layout and its loading state.
 */
const FIRST_PAGE_WAIT_MS = 1500;

const router = createBrowserRouter(routes);
const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');
const firstPage = pathSettled(window.location.pathname);
const patience = new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS));
void Promise.race([firstPage, patience]).then(() =>
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  ),
);

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { languageFromUrl, setLanguage } from 'shared-i18n';
import 'shared-theme/base.css';
import './i18n';
import { routes } from './routes/routes';
import { loadRegistry } from './remotes/loadRemotePage';

void setLanguage(languageFromUrl(window.location.search));
// Fetch the registry now, without waiting: the layout renders while remotes are located.
loadRegistry().catch((error: unknown) => console.error('[shell] remote registry unavailable', error));

const router = createBrowserRouter(routes);
const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');
createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);

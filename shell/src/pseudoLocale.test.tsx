import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { LOCAL_SETTINGS } from 'site-config';
import { findUnmarkedText, showPseudoLocale } from 'shared-i18n/translation-checks';
import './i18n';
import { Layout } from './layout/Layout';
import en from './locales/en.json';
import { PageLoading } from './remotes/PageLoading';
import { RemoteUnavailable } from './remotes/RemoteUnavailable';
import { HTTP_ERROR_STATUSES, HttpStatusContext } from './routes/httpStatus';
import { NotFoundPage } from './routes/NotFoundPage';
import { RouteErrorPage } from './routes/RouteErrorPage';

/** What the layout shows that is not copy: the agency's settings. */
const NOT_COPY = [LOCAL_SETTINGS.site.organizationName];

/** `page` in the site's layout (header, footer) at /x, as the shell shows it. */
function renderInLayout(page: ReactNode, wrap = (layout: ReactNode) => layout) {
  const router = createMemoryRouter(
    [{ path: '/', element: <Layout />, children: [{ path: '*', element: page }] }],
    { initialEntries: ['/x'] },
  );
  return render(wrap(<RouterProvider router={router} />)).container;
}

function expectAllTranslated(container: HTMLElement) {
  expect(container.textContent).toContain('⟦');
  expect(findUnmarkedText(container, NOT_COPY)).toEqual([]);
  expect(findUnmarkedText(document.head, NOT_COPY)).toEqual([]);
}

beforeAll(() => showPseudoLocale({ shell: en }));
afterEach(cleanup);

test('the header, the footer and the 404 page show no text that is not in the translation files', () => {
  expectAllTranslated(renderInLayout(<NotFoundPage />));
});

test.each(HTTP_ERROR_STATUSES)('the %i page shows no text that is not in the translation files', (status) => {
  expectAllTranslated(
    renderInLayout(<p>not shown</p>, (layout) => (
      <HttpStatusContext.Provider value={status}>{layout}</HttpStatusContext.Provider>
    )),
  );
});

test('the page loading, and a page that could not load, show no text that is not in the translation files', () => {
  expectAllTranslated(renderInLayout(<PageLoading />));
  cleanup();
  expectAllTranslated(renderInLayout(<RemoteUnavailable onRetry={() => undefined} />));
});

/** docs/product.md §2: a routing error shows its status and its message, the error's own words. */
test('the route error page shows no text that is not in the translation files but the error', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const error = new Error('Failed to fetch dynamically imported module');
  const router = createMemoryRouter([
    {
      path: '/',
      errorElement: <RouteErrorPage />,
      loader: () => {
        throw error;
      },
    },
  ]);
  const { container } = render(<RouterProvider router={router} />);
  await screen.findByTestId('route-error');
  expect(findUnmarkedText(container, NOT_COPY)).toEqual([`<p>: ${error.message}`]);
  expect(findUnmarkedText(container, [...NOT_COPY, error.message])).toEqual([]);
});

import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router-dom';
import { setLanguage } from 'shared-i18n';
import '../i18n';
import { NotFoundPage } from './NotFoundPage';
import { RouteErrorPage } from './RouteErrorPage';
import { remotePageOf, routes } from './routes';
import { pageForPath } from '../remotes/remoteRoutes';

function renderAt(path: string, routes: RouteObject[]) {
  render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />);
}

afterEach(() => act(() => setLanguage('en')));

test('an unknown path shows the 404 page with a way back home, in both languages', async () => {
  renderAt('/no-such-page', [{ path: '*', element: <NotFoundPage /> }]);
  expect(screen.getByText('404')).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
  expect(screen.getByText('The page you are looking for does not exist or has been moved.')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
  await act(() => setLanguage('es'));
  expect(screen.getByRole('heading', { name: 'Página no encontrada' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Volver al inicio' })).toBeTruthy();
});

test('a route that throws shows the application error with its status and message', () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  function Broken(): never {
    throw new Error('Widget exploded');
  }
  renderAt('/', [{ path: '/', element: <Broken />, errorElement: <RouteErrorPage /> }]);
  expect(screen.getByRole('heading', { name: 'Unexpected Application Error' })).toBeTruthy();
  expect(screen.getByRole('alert').textContent).toContain('500 Widget exploded');
});

test('the router and the early preload read every path the same way, letter case included', () => {
  const paths = [
    '/',
    '/services',
    '/services/seo',
    '/services/seo/',
    '/about',
    '/booking',
    '/booking/cancel',
    '/contact',
  ];
  const unowned = [
    '/SERVICES',
    '/Contact',
    '/contactx',
    '/services/seo/extra',
    '/booking/cancel/x',
    '/no-such-page',
  ];
  for (const path of [...paths, ...unowned]) {
    const routerPage = remotePageOf(matchRoutes(routes, path) ?? []);
    expect({ path, page: routerPage }).toEqual({ path, page: pageForPath(path) });
  }
  expect(paths.map((path) => remotePageOf(matchRoutes(routes, path) ?? [])).every(Boolean)).toBe(true);
});

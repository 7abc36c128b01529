import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { setLanguage } from 'shared-i18n';
import '../i18n';
import { NotFoundPage } from './NotFoundPage';
import { RouteErrorPage } from './RouteErrorPage';
import { matchRoutes } from 'shared-router';
import { pageForPath, remotePageOf, routes } from './routes';

/** What the router's own matcher makes of a path, over the whole table. */
const matchedPage = (path: string) => remotePageOf(matchRoutes(routes, path) ?? []);

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

test('each path of the route table finds its remote page, parameters and a final slash included', () => {
  expect(pageForPath('/')).toBe('marketing/HomePage');
  expect(pageForPath('/services')).toBe('marketing/ServicesPage');
  expect(pageForPath('/services/seo')).toBe('marketing/ServiceDetailPage');
  expect(pageForPath('/services/seo/')).toBe('marketing/ServiceDetailPage');
  expect(pageForPath('/about')).toBe('marketing/AboutPage');
  expect(pageForPath('/booking')).toBe('booking/BookingPage');
  expect(pageForPath('/booking/cancel')).toBe('booking/CancelBookingPage');
  expect(pageForPath('/booking/change')).toBe('booking/ChangeBookingPage');
  expect(pageForPath('/contact')).toBe('contact/ContactPage');
});

test('a path no remote owns, letter case included, is the 404 page: nothing is loaded for it', () => {
  for (const path of [
    '/SERVICES',
    '/Contact',
    '/contactx',
    '/services/seo/extra',
    '/booking/cancel/x',
    '/booking/change/x',
    '/no-such-page',
    '/wp-admin/install.php',
  ]) {
    expect({ path, page: pageForPath(path) }).toEqual({ path, page: null });
  }
});

test('a path the router decodes or that begins with an empty segment is matched as the router does', () => {
  expect(pageForPath('/%61bout')).toBe(matchedPage('/%61bout'));
  expect(pageForPath('//about')).toBe(matchedPage('//about'));
  expect(pageForPath('/services/%73eo')).toBe('marketing/ServiceDetailPage');
});

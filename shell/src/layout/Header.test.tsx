import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { setLanguage } from 'shared-i18n';
import '../i18n';
import { Header } from './Header';
import { currentNavigationTarget } from './navigation';

function renderHeader(at = '/') {
  const router = createMemoryRouter([{ path: '*', element: <Header /> }], { initialEntries: [at] });
  render(<RouterProvider router={router} />);
  return router;
}

function scrollTo(y: number) {
  act(() => {
    window.scrollY = y;
    fireEvent.scroll(window);
  });
}

afterEach(() => act(() => setLanguage('en')));

test('the header turns dark only once the page is scrolled more than 50 px', () => {
  renderHeader();
  const header = screen.getByTestId('site-header');
  scrollTo(50);
  expect(header.classList).not.toContain('shell-header--scrolled');
  scrollTo(51);
  expect(header.classList).toContain('shell-header--scrolled');
  scrollTo(0);
  expect(header.classList).not.toContain('shell-header--scrolled');
});

test('the menu toggle opens and closes the menu and says which it will do', async () => {
  renderHeader();
  const toggle = screen.getByRole('button', { name: 'Open menu' });
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  await userEvent.click(toggle);
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  expect(toggle.textContent).toBe('Close menu');
  await userEvent.click(toggle);
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
});

test('Escape closes the open menu and returns focus to the toggle', async () => {
  renderHeader();
  const toggle = screen.getByRole('button', { name: 'Open menu' });
  await userEvent.click(toggle);
  (screen.getByRole('link', { name: 'About' }) as HTMLElement).focus();
  await userEvent.keyboard('{Escape}');
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  expect(document.activeElement).toBe(toggle);
});

test('following a link closes the mobile menu', async () => {
  const router = renderHeader();
  const toggle = screen.getByRole('button', { name: 'Open menu' });
  await userEvent.click(toggle);
  await userEvent.click(screen.getByRole('link', { name: 'Contact' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/contact'));
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
});

test('the header speaks Spanish when the language is Spanish', async () => {
  renderHeader();
  await act(() => setLanguage('es'));
  expect(screen.getByRole('link', { name: 'Inicio' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Llamada de Descubrimiento' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Abrir menú' })).toBeTruthy();
});

test("the server's reading of the current header link is the header's own, so a reused 404 hydrates", () => {
  const paths = [
    '/',
    '/x',
    '/services',
    '/SERVICES/anything',
    '/services-x',
    '/about/',
    '/about/team',
    '/contactx',
    '//x/',
  ];
  for (const path of paths) {
    const { unmount } = render(
      <RouterProvider
        router={createMemoryRouter([{ path: '*', element: <Header /> }], { initialEntries: [path] })}
      />,
    );
    const current = screen
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page')
      .map((link) => link.getAttribute('href'));
    expect({ path, current }).toEqual({ path, current: [currentNavigationTarget(path)].filter(Boolean) });
    unmount();
  }
});

import { act, fireEvent, render, screen } from '@testing-library/react';
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

test("the language menu links the page in each language, keeping the cancel link's token and no one else's query", () => {
  renderHeader('/booking/cancel?token=t0k3n');
  expect(screen.getByTestId('language-option-es').getAttribute('href')).toBe('?token=t0k3n&lang=es');
  expect(screen.getByTestId('language-option-pt').getAttribute('href')).toBe('?token=t0k3n&lang=pt');
});

test('on any other page the language menu links only the language, which a page kept for every query can share', () => {
  renderHeader('/services?utm_source=newsletter');
  expect(screen.getByTestId('language-option-pt').getAttribute('href')).toBe('?lang=pt');
});

import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, use } from 'react';
import { createMemoryRouter, MemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  i18n,
  languageFromUrl,
  LanguageMenu,
  registerTranslations,
  setLanguage,
  translationsReady,
  useSiteLanguage,
} from './index';

const SAMPLE = { en: { greeting: 'Hello' }, es: { greeting: 'Hola' }, pt: { greeting: 'Olá' } };
/** The languages the sample namespace's strings were fetched in, in order. */
const fetched: string[] = [];
registerTranslations('sample', async (language) => {
  fetched.push(language);
  return SAMPLE[language];
});

function Page() {
  useSiteLanguage();
  const { t } = useTranslation('sample');
  const location = useLocation();
  return (
    <>
      <LanguageMenu />
      <p>{t('greeting')}</p>
      <output data-testid="url">{location.pathname + location.search}</output>
    </>
  );
}

afterEach(() => act(() => setLanguage('en')));

test('only the page language is fetched; another is fetched when its link in the menu is pointed at', async () => {
  await translationsReady();
  expect(fetched).toEqual(['en']);
  render(
    <MemoryRouter initialEntries={['/']}>
      <Page />
    </MemoryRouter>,
  );
  await userEvent.hover(screen.getByRole('link', { name: 'Español' }));
  expect(fetched).toEqual(['en', 'es']);
});

test('the menu switches every registered namespace to Spanish, to Portuguese and back', async () => {
  render(
    <MemoryRouter initialEntries={['/services']}>
      <Page />
    </MemoryRouter>,
  );
  expect(screen.getByText('Hello')).toBeTruthy();
  await userEvent.click(screen.getByRole('link', { name: 'Español' }));
  expect(screen.getByText('Hola')).toBeTruthy();
  expect(document.documentElement.lang).toBe('es');
  await userEvent.click(screen.getByRole('link', { name: 'Português' }));
  expect(screen.getByText('Olá')).toBeTruthy();
  expect(document.documentElement.lang).toBe('pt-BR');
  await userEvent.click(screen.getByRole('link', { name: 'English' }));
  expect(screen.getByText('Hello')).toBeTruthy();
  expect(document.documentElement.lang).toBe('en');
});

test('a Spanish page keeps ?lang=es in its URL and English drops it', async () => {
  render(
    <MemoryRouter initialEntries={['/about?ref=ad']}>
      <Page />
    </MemoryRouter>,
  );
  await userEvent.click(screen.getByRole('link', { name: 'Español' }));
  expect(screen.getByTestId('url').textContent).toBe('/about?ref=ad&lang=es');
  await userEvent.click(screen.getByRole('link', { name: 'English' }));
  expect(screen.getByTestId('url').textContent).toBe('/about?ref=ad');
});

test('each language is a link to the same page in it, named in its own language, which works before any script', () => {
  render(
    <MemoryRouter initialEntries={['/about?ref=ad']}>
      <Page />
    </MemoryRouter>,
  );
  const links = screen.getAllByRole('link').map((link) => ({
    name: link.textContent,
    href: link.getAttribute('href'),
    hreflang: link.getAttribute('hreflang'),
    current: link.getAttribute('aria-current'),
  }));
  // Relative: this path, in that language; the other parameters are not the page's to hand on.
  expect(links).toEqual([
    { name: 'English', href: '?lang=en', hreflang: 'en', current: 'true' },
    { name: 'Español', href: '?lang=es', hreflang: 'es', current: null },
    { name: 'Português', href: '?lang=pt', hreflang: 'pt-BR', current: null },
  ]);
  expect(new URL('?lang=pt', 'https://site.example/about?ref=ad').href).toBe(
    'https://site.example/about?lang=pt',
  );
  // The menu's button says what it is and which language is on screen.
  expect(screen.getByTestId('language-toggle').getAttribute('aria-label')).toBe('Language: English');
});

test('Escape closes the open menu and gives the focus back to its button', async () => {
  render(
    <MemoryRouter initialEntries={['/']}>
      <Page />
    </MemoryRouter>,
  );
  const menu = screen.getByTestId('language-menu') as HTMLDetailsElement;
  await userEvent.click(screen.getByTestId('language-toggle'));
  expect(menu.open).toBe(true);
  screen.getByRole('link', { name: 'Português' }).focus();
  await userEvent.keyboard('{Escape}');
  expect(menu.open).toBe(false);
  expect(document.activeElement).toBe(screen.getByTestId('language-toggle'));
});

test("a page whose address carries a token keeps it in the menu's links", () => {
  render(
    <MemoryRouter initialEntries={['/booking/cancel?token=abc&lang=es']}>
      <LanguageMenu queryKept />
    </MemoryRouter>,
  );
  act(() => void setLanguage('es'));
  expect(screen.getByTestId('language-option-en').getAttribute('href')).toBe('?token=abc&lang=en');
  expect(screen.getByTestId('language-option-pt').getAttribute('href')).toBe('?token=abc&lang=pt');
});

test('a press that opens a new tab is left to the browser: the page stays in its language', async () => {
  render(
    <MemoryRouter initialEntries={['/services?lang=es']}>
      <Page />
    </MemoryRouter>,
  );
  await act(() => setLanguage('es'));
  const toEnglish = screen.getByRole('link', { name: 'English' });
  expect(toEnglish.getAttribute('href')).toBe('?lang=en');
  // Whether the page took the press; then jsdom is kept from following the link.
  const taken: boolean[] = [];
  const afterThePage = (event: Event) => {
    taken.push(event.defaultPrevented);
    event.preventDefault();
  };
  window.addEventListener('click', afterThePage);
  try {
    fireEvent.click(toEnglish, { ctrlKey: true });
    fireEvent.click(toEnglish, { button: 1 });
  } finally {
    window.removeEventListener('click', afterThePage);
  }
  expect(taken).toEqual([false, false]);
  expect(screen.getByText('Hola')).toBeTruthy();
});

test('a switch that lands while a navigation is still rendering keeps the new page, in the new language', async () => {
  // The router renders a navigation in a transition, which a page still loading holds back, while
  // the switch renders at once: the layout then still sees the location being left.
  let pageArrives: () => void = () => undefined;
  const pageLoad = new Promise<void>((resolve) => (pageArrives = resolve));
  function SlowPage() {
    use(pageLoad);
    return <p>Privacy</p>;
  }
  function Layout() {
    useSiteLanguage();
    return <Outlet />;
  }
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: '/', element: <p>Home</p> },
          { path: '/privacy', element: <SlowPage /> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <Suspense fallback={<p>Loading</p>}>
      <RouterProvider router={router} />
    </Suspense>,
  );
  await act(() => router.navigate('/privacy'));
  expect(screen.getByText('Home')).toBeTruthy();
  await act(() => setLanguage('es'));
  await act(async () => pageArrives());
  expect(await screen.findByText('Privacy')).toBeTruthy();
  expect(router.state.location).toMatchObject({ pathname: '/privacy', search: '?lang=es' });
});

test('the language a visitor arrives with is read from ?lang, anything else is English', () => {
  expect(languageFromUrl('?lang=es')).toBe('es');
  expect(languageFromUrl('?lang=pt')).toBe('pt');
  expect(languageFromUrl('?lang=pt-BR')).toBe('en');
  expect(languageFromUrl('?lang=fr')).toBe('en');
  expect(languageFromUrl('')).toBe('en');
});

test('the language is held in memory only, never written to storage', async () => {
  await act(() => setLanguage('es'));
  expect(i18n.language).toBe('es');
  expect(window.localStorage.length).toBe(0);
  expect(window.sessionStorage.length).toBe(0);
  expect(document.cookie).toBe('');
});

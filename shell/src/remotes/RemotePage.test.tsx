// A remote page's route as a visitor meets it in the browser: the page its loader loaded, the
// panel when it could not be, Retry loading it again in place, and a redirect the page asks for.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import '../i18n';
import { pageModulesRouterContext, type PageModules, type VersionPage } from '../routes/remotePageLoader';
import { routes } from '../routes/routes';
import { act } from 'react';
import { registerTranslations, setLanguage, useTranslation } from 'shared-i18n';
import pt from '../locales/pt.json';

// Retry asks the registry whether the document must be loaded again: not here.
jest.mock('./browserRemotes', () => ({ loadRegistry: () => Promise.reject(new Error('no registry')) }));
// The benchmark's performance marks (jsdom has no performance timeline).
jest.mock('./firstPage', () => ({ pageShown: () => undefined, pageUnavailableShown: () => undefined }));

const ALL_LANGUAGES = ['en', 'es', 'pt'] as const;
const servicesPage: VersionPage = {
  module: { default: () => <h1>Our services</h1> },
  languages: ALL_LANGUAGES,
};

/** The site at `path`, rendered once its router has loaded the page, as the shell's start does. */
async function renderSite(path: string, load: PageModules['load']) {
  const router = createMemoryRouter(routes, {
    initialEntries: [path],
    getContext: () => pageModulesRouterContext({ where: 'browser', load }),
  });
  await new Promise<void>((resolve) => {
    if (router.state.initialized) resolve();
    router.subscribe((state) => state.initialized && resolve());
  });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  window.scrollTo = () => undefined;
});

test('the route shows the page its loader loaded', async () => {
  await renderSite('/services', async () => servicesPage);
  expect(await screen.findByRole('heading', { name: 'Our services' })).toBeTruthy();
});

test('a page that could not be loaded shows the panel, and Retry loads it in place', async () => {
  const load = jest.fn<Promise<VersionPage | null>, []>().mockResolvedValueOnce(null);
  const router = await renderSite('/services', load);
  expect(await screen.findByText('This section is temporarily unavailable')).toBeTruthy();
  load.mockResolvedValue(servicesPage);
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('heading', { name: 'Our services' })).toBeTruthy();
  expect(router.state.location.pathname).toBe('/services');
});

test('a page that asks for a redirect is replaced by where it sends the visitor, query kept', async () => {
  const detailPage: VersionPage = {
    module: { default: () => <h1>Detail</h1>, redirectFor: () => '/services' },
    languages: ALL_LANGUAGES,
  };
  const router = await renderSite('/services/content?from=mail', async (page) =>
    page === 'marketing/ServiceDetailPage' ? detailPage : servicesPage,
  );
  expect(await screen.findByRole('heading', { name: 'Our services' })).toBeTruthy();
  expect(router.state.location).toMatchObject({ pathname: '/services', search: '?from=mail' });
});

test("a page whose version lacks the visitor's language shows in English, marked so, under a note in theirs", async () => {
  const strings: Record<string, { title: string }> = {
    en: { title: 'Our services' },
    es: { title: 'Servicios' },
  };
  registerTranslations('marketing', async (language) => {
    const found = strings[language];
    if (!found) throw new Error(`no ${language} strings`);
    return found;
  });
  function EnglishAndSpanishPage() {
    const { t } = useTranslation('marketing');
    return <h1>{t('title')}</h1>;
  }
  await act(() => setLanguage('pt'));
  try {
    await renderSite('/services?lang=pt', async () => ({
      module: { default: EnglishAndSpanishPage },
      languages: ['en', 'es'],
    }));
    const heading = await screen.findByRole('heading', { name: 'Our services' });
    expect(heading.closest('[lang]')?.getAttribute('lang')).toBe('en');
    expect(screen.getByTestId('page-language-note').textContent).toBe(pt.pageLanguage.inEnglish);
  } finally {
    await act(() => setLanguage('en'));
  }
});

import { StrictMode, useLayoutEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  createBrowserRouter,
  Link,
  Outlet,
  RouterProvider,
  useLocation,
  type RouteObject,
} from 'shared-router';
import {
  languageFromUrl,
  LanguageMenu,
  registerTranslations,
  setLanguage,
  translationsReady,
  useSiteLanguage,
  useTranslation,
} from 'shared-i18n';
import 'shared-theme/base.css';
import './IsolationHarness.css';

registerTranslations(
  'harness',
  (language) => import(/* webpackChunkName: "locale-[request]" */ `./locales/${language}.json`),
);

export interface HarnessPage {
  /** The same path the shell routes to this page, so links between pages work alike. */
  path: string;
  /** Label of the harness's own link to the page (a key of the harness namespace's `pages`). */
  label: string;
  element: ReactNode;
}

function HarnessLayout({ remote, pages }: { remote: string; pages: HarnessPage[] }) {
  const { t } = useTranslation('harness');
  const { pathname } = useLocation();
  useSiteLanguage();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <>
      <header className="harness-bar" data-testid="harness-bar">
        <span className="harness-bar__title">{t('title', { remote })}</span>
        <nav aria-label={t('navigation')}>
          <ul className="harness-bar__links">
            {pages
              // One link per label: parametrised routes and redirects to a labelled page are left out.
              .filter(
                (page, index) =>
                  !page.path.includes(':') &&
                  pages.findIndex((other) => other.label === page.label) === index,
              )
              .map((page) => (
                <li key={page.path}>
                  <Link to={page.path}>{t(`pages.${page.label}`)}</Link>
                </li>
              ))}
          </ul>
        </nav>
        <LanguageMenu />
      </header>
      <main id="main">
        <Outlet />
      </main>
    </>
  );
}

function OtherTeamsRoute() {
  const { t } = useTranslation('harness');
  const { pathname } = useLocation();
  return (
    <section className="harness-elsewhere" data-testid="harness-elsewhere">
      <h1>{t('elsewhere.title')}</h1>
      <p>{t('elsewhere.text', { path: pathname })}</p>
    </section>
  );
}

/**
 * Renders a remote's pages alone, the way the shell composes them: the shared router, the shared
 * i18n instance with ?lang support, the shared theme and a language toggle. QA opens a remote's
 * own origin to test it without the shell; routes of other remotes say so instead of a 404.
 */
export function renderIsolationHarness(remote: string, pages: HarnessPage[]): void {
  void setLanguage(languageFromUrl(window.location.search));
  const routes: RouteObject[] = [
    {
      element: <HarnessLayout remote={remote} pages={pages} />,
      children: [
        ...pages.map(({ path, element }) => ({ path, element })),
        { path: '*', element: <OtherTeamsRoute /> },
      ],
    },
  ];
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html lacks #root');
  // The page's strings (this remote's and the harness's, in the page's language) come first.
  void translationsReady().then(() =>
    createRoot(container).render(
      <StrictMode>
        <RouterProvider router={createBrowserRouter(routes)} />
      </StrictMode>,
    ),
  );
}

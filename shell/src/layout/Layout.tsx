import { Suspense, useContext, useLayoutEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'shared-router';
import { useSiteLanguage, useTranslation } from 'shared-i18n';
import { Header } from './Header';
import { Footer } from './Footer';
import { NavigationProgress } from './NavigationProgress';
import { HttpStatusContext } from '../routes/httpStatus';
import { HttpStatusPage } from '../routes/HttpStatusPage';
import './Layout.css';

/**
 * Every route change starts at the top of the new page (docs/product.md §2). Not the first page:
 * the browser placed it, and a visitor may have scrolled the server's HTML before it hydrated.
 */
function useScrollToTopOnNavigation() {
  const { pathname } = useLocation();
  const shownPathname = useRef(pathname);
  useLayoutEffect(() => {
    if (shownPathname.current === pathname) return;
    shownPathname.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
}

/**
 * The error the server answered for this document, while the visitor stays at its address (a
 * language switch keeps it); the first navigation elsewhere ends it for good.
 */
function useHttpStatusHere() {
  const status = useContext(HttpStatusContext);
  const { pathname } = useLocation();
  const [statusPath, setStatusPath] = useState<string | null>(status === null ? null : pathname);
  // Adjusted while rendering (React's pattern for state that follows a prop): no frame shows both.
  if (statusPath !== null && pathname !== statusPath) setStatusPath(null);
  return status !== null && pathname === statusPath ? status : null;
}

export function Layout() {
  const { t } = useTranslation('shell');
  useSiteLanguage();
  useScrollToTopOnNavigation();
  const httpStatus = useHttpStatusHere();
  return (
    <div className="shell-layout">
      <a className="shell-skip-link" href="#main">
        {t('header.skipToContent')}
      </a>
      <NavigationProgress />
      {/* The header and the footer are boundaries of their own: the layout hydrates in a short
          task, then each of them, and the page, in slices React yields between (a tap on one of
          them before then hydrates it first). Neither ever suspends: no fallback. */}
      <Suspense>
        <Header />
      </Suspense>
      <main id="main" className="shell-main" tabIndex={-1}>
        {httpStatus === null ? <Outlet /> : <HttpStatusPage status={httpStatus} />}
      </main>
      <Suspense>
        <Footer />
      </Suspense>
    </div>
  );
}

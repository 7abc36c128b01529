import { useContext, useLayoutEffect, useState } from 'react';
import { Outlet, useLocation } from 'shared-router';
import { useSiteLanguage, useTranslation } from 'shared-i18n';
import { Header } from './Header';
import { Footer } from './Footer';
import { NavigationProgress } from './NavigationProgress';
import { HttpStatusContext } from '../routes/httpStatus';
import { HttpStatusPage } from '../routes/HttpStatusPage';
import './Layout.css';

/** Every route change starts at the top of the new page (SPEC §2). */
function useScrollToTopOnNavigation() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
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
      <Header />
      <main id="main" className="shell-main" tabIndex={-1}>
        {httpStatus === null ? <Outlet /> : <HttpStatusPage status={httpStatus} />}
      </main>
      <Footer />
    </div>
  );
}

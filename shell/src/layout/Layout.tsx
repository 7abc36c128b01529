import { useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'shared-router';
import { useSiteLanguage, useTranslation } from 'shared-i18n';
import { Header } from './Header';
import { Footer } from './Footer';
import { LIKELY_NEXT_PATHS } from './navigation';
import { usePreloadLikelyPages } from '../remotes/usePreloadLikelyPages';
import './Layout.css';

/** Every route change starts at the top of the new page (SPEC §2). */
function useScrollToTopOnNavigation() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
}

export function Layout() {
  const { t } = useTranslation('shell');
  useSiteLanguage();
  useScrollToTopOnNavigation();
  usePreloadLikelyPages(LIKELY_NEXT_PATHS);
  return (
    <div className="shell-layout">
      <a className="shell-skip-link" href="#main">
        {t('header.skipToContent')}
      </a>
      <Header />
      <main id="main" className="shell-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}

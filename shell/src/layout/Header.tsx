import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'shared-router';
import { LanguageMenu, useTranslation } from 'shared-i18n';
import { siteConfig } from 'site-config';
import { HEADER_SCROLL_THRESHOLD, useScrolledPast } from './useScrolledPast';
import { keepsQuery } from '../routes/remoteRoutes';
import { NAVIGATION } from './navigation';
import { useLocalizedPath } from './useLocalizedPath';
import './Header.css';

/** Whether the phone menu is open; false where the browser has no popovers (a test's DOM). */
function isPopoverOpen(element: HTMLElement): boolean {
  try {
    return element.matches(':popover-open');
  } catch {
    return false;
  }
}

export function Header() {
  const { t } = useTranslation('shell');
  const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD);
  const localized = useLocalizedPath();
  const navigationRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a phone the menu is a popover the browser opens, closes on Escape or a tap outside, and
  // gives focus back from: it works from the first paint, before any script has run. The header
  // mirrors its state (the button's label, the dark bar).
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    const navigation = navigationRef.current;
    if (!navigation) return;
    const mirror = () => setMenuOpen(isPopoverOpen(navigation));
    navigation.addEventListener('toggle', mirror);
    mirror(); // opened before hydration
    return () => navigation.removeEventListener('toggle', mirror);
  }, []);

  // Any navigation closes the menu (not hydration: a menu opened before it stays open).
  const menuPathname = useRef(pathname);
  useEffect(() => {
    if (menuPathname.current === pathname) return;
    menuPathname.current = pathname;
    const navigation = navigationRef.current;
    if (navigation && isPopoverOpen(navigation)) navigation.hidePopover();
  }, [pathname]);

  const dark = scrolled || menuOpen;
  return (
    <header className={`shell-header${dark ? ' shell-header--scrolled' : ''}`} data-testid="site-header">
      <div className="shell-header__bar site-container">
        <Link to={localized('/')} className="shell-header__brand">
          <span className="shell-header__logo" aria-hidden="true">
            ◆
          </span>
          {siteConfig.organizationName}
        </Link>
        <button
          type="button"
          className="shell-header__menu-toggle"
          popoverTarget="shell-navigation"
          aria-expanded={menuOpen}
          aria-controls="shell-navigation"
        >
          <span className="shell-header__menu-icon" aria-hidden="true" />
          <span className="site-visually-hidden">{t(menuOpen ? 'header.closeMenu' : 'header.openMenu')}</span>
        </button>
        <nav
          ref={navigationRef}
          id="shell-navigation"
          popover="auto"
          className="shell-header__nav"
          aria-label={t('header.navigation')}
        >
          <ul className="shell-header__links">
            {NAVIGATION.map((item) => (
              <li key={item.to}>
                <NavLink to={localized(item.to)} end={item.to === '/'} className="shell-header__link">
                  {t(item.label)}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="shell-header__actions">
            <LanguageMenu queryKept={keepsQuery(pathname)} />
            <Link to={localized('/booking')} className="site-button site-button--primary shell-header__cta">
              {t('header.discoveryCall')}
            </Link>
          </div>
        </nav>
      </div>
    </header>
  );
}

import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'shared-router';
import { LanguageToggle, useTranslation } from 'shared-i18n';
import { siteConfig } from 'site-config';
import { HEADER_SCROLL_THRESHOLD, useScrolledPast } from './useScrolledPast';
import { NAVIGATION } from './navigation';
import { useLocalizedPath } from './useLocalizedPath';
import './Header.css';

export function Header() {
  const { t } = useTranslation('shell');
  const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD);
  const localized = useLocalizedPath();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  // The menu is open for the page it was opened on, so any navigation closes it.
  const [openOnPath, setOpenOnPath] = useState<string | null>(null);
  const menuOpen = openOnPath === pathname;
  const setMenuOpen = (open: boolean) => setOpenOnPath(open ? pathname : null);

  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOnPath(null);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);

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
          ref={toggleRef}
          type="button"
          className="shell-header__menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="shell-navigation"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <span className="shell-header__menu-icon" aria-hidden="true" />
          <span className="site-visually-hidden">{t(menuOpen ? 'header.closeMenu' : 'header.openMenu')}</span>
        </button>
        <nav
          id="shell-navigation"
          className={`shell-header__nav${menuOpen ? ' shell-header__nav--open' : ''}`}
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
            <LanguageToggle />
            <Link to={localized('/booking')} className="site-button site-button--primary shell-header__cta">
              {t('header.discoveryCall')}
            </Link>
          </div>
        </nav>
      </div>
    </header>
  );
}

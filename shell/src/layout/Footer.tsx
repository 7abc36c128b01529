import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { siteConfig, siteEmailHref, sitePhoneHref } from 'site-config';
import { FOOTER_COMPANY, FOOTER_SERVICES } from './navigation';
import './Footer.css';

/** SPEC §9: the copyright year the site states. */
const COPYRIGHT_YEAR = 2025;

export function Footer() {
  const { t } = useTranslation('shell');
  return (
    <footer className="shell-footer" data-testid="site-footer">
      <div className="shell-footer__grid site-container">
        <section>
          <p className="shell-footer__brand">{siteConfig.organizationName}</p>
          <p className="shell-footer__text">{t('footer.description')}</p>
        </section>
        <nav aria-labelledby="shell-footer-services">
          <h2 id="shell-footer-services" className="shell-footer__heading">
            {t('footer.servicesTitle')}
          </h2>
          <ul className="shell-footer__list">
            {FOOTER_SERVICES.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{t(item.label)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="shell-footer-company">
          <h2 id="shell-footer-company" className="shell-footer__heading">
            {t('footer.companyTitle')}
          </h2>
          <ul className="shell-footer__list">
            {FOOTER_COMPANY.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{t(item.label)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="shell-footer-contact">
          <h2 id="shell-footer-contact" className="shell-footer__heading">
            {t('footer.contactTitle')}
          </h2>
          <ul className="shell-footer__list">
            <li>{t('footer.hours')}</li>
            <li>
              <a href={sitePhoneHref}>{siteConfig.phone}</a>
            </li>
            <li>
              <a href={siteEmailHref}>{siteConfig.email}</a>
            </li>
          </ul>
        </section>
      </div>
      <p className="shell-footer__copyright site-container">
        {t('footer.copyright', { year: COPYRIGHT_YEAR, name: siteConfig.organizationName })}
      </p>
    </footer>
  );
}

import { Link } from 'shared-router';
import { useTranslation } from 'shared-i18n';
import { siteConfig, siteEmailHref, sitePhoneHref } from 'site-config';
import { FOOTER_COMPANY, FOOTER_SERVICES } from './navigation';
import { useLocalizedPath } from './useLocalizedPath';
import './Footer.css';

/** docs/product.md §3: the copyright year the site states. */
const COPYRIGHT_YEAR = 2025;

interface FooterLinksProps {
  id: string;
  title: string;
  links: ReadonlyArray<{ to: string; label: string }>;
}

function FooterLinks({ id, title, links }: FooterLinksProps) {
  const localized = useLocalizedPath();
  const { t } = useTranslation('shell');
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="shell-footer__heading">
        {title}
      </h2>
      <ul className="shell-footer__list">
        {links.map((item) => (
          <li key={item.to}>
            <Link to={localized(item.to)}>{t(item.label)}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  const { t } = useTranslation('shell');
  return (
    <footer className="shell-footer" data-testid="site-footer">
      <div className="shell-footer__grid site-container">
        <section>
          <p className="shell-footer__brand">{siteConfig.organizationName}</p>
          <p className="shell-footer__text">{t('footer.description')}</p>
        </section>
        <FooterLinks id="shell-footer-services" title={t('footer.servicesTitle')} links={FOOTER_SERVICES} />
        <FooterLinks id="shell-footer-company" title={t('footer.companyTitle')} links={FOOTER_COMPANY} />
        <section aria-labelledby="shell-footer-contact">
          <h2 id="shell-footer-contact" className="shell-footer__heading">
            {t('footer.contactTitle')}
          </h2>
          <ul className="shell-footer__list">
            <li>{t('footer.hours')}</li>
            <li>
              <a href={sitePhoneHref()}>{siteConfig.phone}</a>
            </li>
            <li>
              <a href={siteEmailHref()}>{siteConfig.email}</a>
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

import { useTranslation } from 'react-i18next';
import { siteConfig, siteEmailHref, sitePhoneHref } from 'site-config';
import { NAMESPACE } from '../i18n';
import './ContactPage.css';

export default function ContactPage() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section className="contact-page">
      <title>{t('metaTitle')}</title>
      <div className="contact-page__intro site-container">
        <h1 className="contact-page__title">{t('title')}</h1>
        <p className="contact-page__lead">{t('intro')}</p>
      </div>
      <ul className="contact-page__details site-container" aria-label={t('detailsLabel')}>
        <li className="contact-page__detail">
          <h2>{t('phone')}</h2>
          <a href={sitePhoneHref}>{siteConfig.phone}</a>
        </li>
        <li className="contact-page__detail">
          <h2>{t('email')}</h2>
          <a href={siteEmailHref}>{siteConfig.email}</a>
        </li>
        <li className="contact-page__detail">
          <h2>{t('hoursTitle')}</h2>
          <p>{t('hours')}</p>
        </li>
      </ul>
    </section>
  );
}

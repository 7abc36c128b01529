import { useTranslation } from 'shared-i18n';
import { siteConfig, siteEmailHref, sitePhoneHref } from 'site-config';
import { NAMESPACE } from '../i18n';
import { ContactIcon } from './ContactIcon';
import './ContactDetails.css';

/** Phone, e-mail and opening hours, from the same site configuration the shell's footer shows. */
export function ContactDetails() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section className="contact-details" aria-labelledby="contact-details-title">
      <h2 id="contact-details-title" className="contact-details__title">
        {t('detailsLabel')}
      </h2>
      <ul className="contact-details__list">
        <li className="contact-details__item">
          <ContactIcon name="phone" />
          <div>
            <h3 className="contact-details__label">{t('phone')}</h3>
            <a className="contact-details__value" href={sitePhoneHref()}>
              {siteConfig.phone}
            </a>
          </div>
        </li>
        <li className="contact-details__item">
          <ContactIcon name="email" />
          <div>
            <h3 className="contact-details__label">{t('email')}</h3>
            <a className="contact-details__value" href={siteEmailHref()}>
              {siteConfig.email}
            </a>
          </div>
        </li>
        <li className="contact-details__item">
          <ContactIcon name="hours" />
          <div>
            <h3 className="contact-details__label">{t('hoursTitle')}</h3>
            <p className="contact-details__value">{t('hours')}</p>
          </div>
        </li>
      </ul>
    </section>
  );
}

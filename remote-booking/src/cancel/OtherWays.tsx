// What every state of the cancel page offers: booking another time, and the agency's contact.
import { DEFAULT_LANGUAGE, LANGUAGE_PARAM, Trans, useLanguage, useTranslation } from 'shared-i18n';
import { Link } from 'shared-router';
import { siteConfig, siteEmailHref, sitePhoneHref } from 'site-config';
import { NAMESPACE } from '../i18n';

/**
 * `primary`: the link is the page's main way on (no call left to cancel). `bookAnother`: false
 * leaves the booking link out (the change page, while the visitor still has a call).
 */
export function OtherWays({ primary, bookAnother = true }: { primary: boolean; bookAnother?: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const bookingPath = language === DEFAULT_LANGUAGE ? '/booking' : `/booking?${LANGUAGE_PARAM}=${language}`;
  return (
    <div className="booking-cancel__other-ways">
      {bookAnother && (
        <Link
          to={bookingPath}
          className={`site-button ${primary ? 'site-button--primary' : 'site-button--secondary'}`}
          data-testid="cancel-book-another"
        >
          {t('cancel.bookAnother')}
        </Link>
      )}
      <p className="booking-cancel__contact">
        <Trans
          t={t}
          i18nKey="cancel.contact"
          values={{ email: siteConfig.email, phone: siteConfig.phone }}
          components={{ emailLink: <a href={siteEmailHref()} />, phoneLink: <a href={sitePhoneHref()} /> }}
        />
      </p>
    </div>
  );
}

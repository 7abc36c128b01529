// The page a booking's change link leads to (/booking/change?token=…), exposed as ./ChangeBookingPage.
import { UnlistedPageMetadata } from 'page-metadata';
import { useTranslation } from 'shared-i18n';
import { useSearchParams } from 'shared-router';
import { ChangeBooking } from '../change/ChangeBooking';
import { NAMESPACE } from '../i18n';
// The cancel page's frame: the two pages a booking's e-mail links to look alike.
import './CancelBookingPage.css';

/** Its HTML depends on the token in its address: rendered for every request, kept by no cache. */
export const renderedHtmlMaxAgeMs = 0;

/** The call the link is for, and the new time it can move to; the token is read from the address. */
export default function ChangeBookingPage() {
  const { t } = useTranslation(NAMESPACE);
  const [search] = useSearchParams();
  const token = search.get('token');
  return (
    <section className="booking-cancel">
      <UnlistedPageMetadata title={t('change.metaTitle')} description={t('change.metaDescription')} />
      {/* The address holds the link's token: no request this page makes may carry it elsewhere. */}
      <meta name="referrer" content="no-referrer" />
      <div className="booking-cancel__hero">
        <div className="booking-cancel__intro site-container">
          <h1 className="booking-cancel__title">{t('change.title')}</h1>
        </div>
      </div>
      <div className="booking-cancel__body site-container">
        {/* Another token is another link: its state starts afresh. */}
        <ChangeBooking key={token ?? ''} token={token} />
      </div>
    </section>
  );
}

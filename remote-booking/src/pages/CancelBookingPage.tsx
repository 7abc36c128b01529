// The page a booking's cancel link leads to (/booking/cancel?token=…), exposed as ./CancelBookingPage.
import { UnlistedPageMetadata } from 'page-metadata';
import { useTranslation } from 'shared-i18n';
import { useSearchParams } from 'shared-router';
import { CancelBooking } from '../cancel/CancelBooking';
import { NAMESPACE } from '../i18n';
import './CancelBookingPage.css';

/**
 * The page's HTML depends on the token in its address (/booking/cancel?token=…), so the shell's
 * server renders it for every request and no cache keeps it (the contract: 0 is "never kept").
 */
export const renderedHtmlMaxAgeMs = 0;

/** The call the link is for, and the button that cancels it; the token is read from the address. */
export default function CancelBookingPage() {
  const { t } = useTranslation(NAMESPACE);
  const [search] = useSearchParams();
  const token = search.get('token');
  return (
    <section className="booking-cancel">
      <UnlistedPageMetadata title={t('cancel.metaTitle')} description={t('cancel.metaDescription')} />
      {/* The address holds the link's token: no request this page makes may carry it elsewhere. */}
      <meta name="referrer" content="no-referrer" />
      <div className="booking-cancel__hero">
        <div className="booking-cancel__intro site-container">
          <h1 className="booking-cancel__title">{t('cancel.title')}</h1>
        </div>
      </div>
      <div className="booking-cancel__body site-container">
        {/* Another token is another link: its state starts afresh. */}
        <CancelBooking key={token ?? ''} token={token} />
      </div>
    </section>
  );
}

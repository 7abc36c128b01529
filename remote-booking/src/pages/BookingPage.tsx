import { useTranslation } from 'shared-i18n';
import { PageMetadata, shareImageSet } from 'page-metadata';
import { prepareBookingProof } from '../booking/bookingProof';
import { configuredBookingStore } from '../booking/configuredBookingStore';
import { BookingForm } from '../form/BookingForm';
import { NAMESPACE } from '../i18n';
import { shareImages } from '../metadata/shareImages';
import './BookingPage.css';

/**
 * The page embeds the free slots (see availability/), so the shell's server renders it afresh at
 * most this often instead of keeping its HTML until the next release.
 */
export const renderedHtmlMaxAgeMs = 60_000;

export default function BookingPage() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section className="booking-page">
      <PageMetadata
        path="/booking"
        title={t('metaTitle')}
        description={t('metaDescription')}
        image={shareImageSet(shareImages, 'booking')}
      />
      <div className="booking-page__hero">
        <div className="booking-page__intro site-container">
          <h1 className="booking-page__title">{t('title')}</h1>
          <p className="booking-page__lead">{t('intro')}</p>
        </div>
      </div>
      <div className="booking-page__form site-container">
        <noscript>
          <p className="site-notice" data-testid="noscript-notice">
            {t('noscript')}
          </p>
        </noscript>
        <BookingForm store={configuredBookingStore} onFocus={prepareBookingProof} />
      </div>
    </section>
  );
}

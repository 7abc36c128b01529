import { useTranslation } from 'shared-i18n';
import { PageMetadata, shareImageSet } from 'page-metadata';
import { prepareBookingProof } from '../booking/bookingProof';
import { configuredBookingStore } from '../booking/bookingStore';
import { BookingForm } from '../form/BookingForm';
import { NAMESPACE } from '../i18n';
import { shareImages } from '../metadata/shareImages';
import './BookingPage.css';

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

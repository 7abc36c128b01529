import { useTranslation } from 'react-i18next';
import { organizationJsonLd } from 'site-config/structuredData';
import { configuredBookingStore } from '../booking/bookingStore';
import { BookingForm } from '../form/BookingForm';
import { NAMESPACE } from '../i18n';
import './BookingPage.css';

export default function BookingPage() {
  const { t } = useTranslation(NAMESPACE);
  const structuredData = {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    name: t('metaTitle'),
    description: t('metaDescription'),
    publisher: organizationJsonLd(),
  };
  return (
    <section className="booking-page">
      <title>{t('metaTitle')}</title>
      <meta name="description" content={t('metaDescription')} />
      <script type="application/ld+json">{JSON.stringify(structuredData)}</script>
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
        <BookingForm store={configuredBookingStore} />
      </div>
    </section>
  );
}

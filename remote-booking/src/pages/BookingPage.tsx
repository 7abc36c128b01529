import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import './BookingPage.css';

export default function BookingPage() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section className="booking-page">
      <title>{t('metaTitle')}</title>
      <div className="booking-page__intro site-container">
        <h1 className="booking-page__title">{t('title')}</h1>
        <p className="booking-page__lead">{t('intro')}</p>
      </div>
    </section>
  );
}

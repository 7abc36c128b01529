import { useTranslation } from 'shared-i18n';
import { NAMESPACE } from '../i18n';
import './ContactHero.css';

/** The dark opening band; the shell's transparent header sits over it. */
export function ContactHero() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="contact-hero">
      <div className="contact-hero__inner site-container">
        <h1 className="contact-hero__title">{t('title')}</h1>
        <p className="contact-hero__intro">{t('intro')}</p>
      </div>
    </div>
  );
}

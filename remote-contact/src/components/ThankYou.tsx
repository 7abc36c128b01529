import { useEffect, useRef } from 'react';
import { useTranslation } from 'shared-i18n';
import { NAMESPACE } from '../i18n';
import './ThankYou.css';

/** Shown in place of the form once a message is sent (docs/product.md §5). */
export function ThankYou({ onSendAnother }: { onSendAnother: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const title = useRef<HTMLHeadingElement>(null);

  // The form the visitor was in is gone: move to the news, which a screen reader then reads.
  useEffect(() => {
    title.current?.focus();
  }, []);

  return (
    <section className="contact-thanks" aria-labelledby="contact-thanks-title" data-testid="contact-thanks">
      <div role="status">
        <span className="contact-thanks__icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="32" height="32" fill="none" stroke="currentColor" strokeWidth="2.5">
            <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
        <h2 ref={title} id="contact-thanks-title" className="contact-thanks__title" tabIndex={-1}>
          {t('thankYou.title')}
        </h2>
        <p className="contact-thanks__text">{t('thankYou.text')}</p>
      </div>
      <button type="button" className="site-button site-button--primary" onClick={onSendAnother}>
        {t('thankYou.sendAnother')}
      </button>
    </section>
  );
}

import { Trans, useTranslation } from 'shared-i18n';
import { siteConfig, siteEmailHref, sitePhoneHref } from 'site-config';
import type { SubmissionStatus } from '../booking/useBookingSubmission';
import { NAMESPACE } from '../i18n';

/**
 * SPEC §8: the green box after a stored booking, the red one after a failure. When the database's
 * abuse limits refused it, the red box says so and offers the agency's e-mail and phone instead.
 */
export function SubmissionMessage({ status }: { status: SubmissionStatus }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div aria-live="polite" className="booking-form__result">
      {status === 'success' && (
        <p
          className="booking-form__message booking-form__message--success"
          role="status"
          data-testid="booking-success"
        >
          {t('success')}
        </p>
      )}
      {status === 'error' && (
        <p
          className="booking-form__message booking-form__message--error"
          role="alert"
          data-testid="booking-error"
        >
          {t('error')}
        </p>
      )}
      {(status === 'slotTaken' || status === 'slotUnavailable') && (
        <p
          className="booking-form__message booking-form__message--error"
          role="alert"
          data-testid="booking-slot-lost"
        >
          {t(status)}
        </p>
      )}
      {status === 'limited' && (
        <p
          className="booking-form__message booking-form__message--error"
          role="alert"
          data-testid="booking-limited"
        >
          <Trans
            t={t}
            i18nKey="limited"
            values={{ email: siteConfig.email, phone: siteConfig.phone }}
            components={{ emailLink: <a href={siteEmailHref()} />, phoneLink: <a href={sitePhoneHref()} /> }}
          />
        </p>
      )}
    </div>
  );
}

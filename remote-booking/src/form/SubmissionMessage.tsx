import { Trans, useTranslation } from 'shared-i18n';
import { siteConfig, siteEmailHref, sitePhoneHref } from 'site-config';
import type { CodeStep, SubmissionStatus } from '../booking/submissionState';
import { NAMESPACE } from '../i18n';

interface SubmissionMessageProps {
  status: SubmissionStatus;
  /** The address step, if it waits for a code: its sentence is said here, in the live region. */
  step: CodeStep | null;
  /** The id of that sentence, which the code field is described by. */
  stepTextId: string;
}

/**
 * docs/product.md §6: the green box after a stored booking, the red one after a failure, in one
 * live region with the address step's "We sent a code to …". When the database's abuse limits
 * refused it (or the address had its codes for the day, when the latest mail's link is its way in),
 * the red box says so and offers the agency's e-mail and phone instead. A mail's link that no
 * longer works is said in the red box too; the next send asks for a code.
 */
export function SubmissionMessage({ status, step, stepTextId }: SubmissionMessageProps) {
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
      {status === 'linkRefused' && (
        <p
          className="booking-form__message booking-form__message--error"
          role="alert"
          data-testid="booking-link-refused"
        >
          {t('linkRefused')}
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
      {(status === 'limited' || status === 'codeLimited') && (
        <p
          className="booking-form__message booking-form__message--error"
          role="alert"
          data-testid="booking-limited"
        >
          <Trans
            t={t}
            i18nKey={status}
            values={{ email: siteConfig.email, phone: siteConfig.phone }}
            components={{ emailLink: <a href={siteEmailHref()} />, phoneLink: <a href={sitePhoneHref()} /> }}
          />
        </p>
      )}
      {step && (
        <p
          id={stepTextId}
          className="booking-form__message booking-code__sent"
          data-testid="booking-code-sent"
        >
          {t(`codeStep.${step.note}`, { email: step.email })}
        </p>
      )}
    </div>
  );
}

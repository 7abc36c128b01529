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

/** Each failure's red box, by its test id; its sentence is the status's own key. */
const FAILURE_TEST_IDS: Partial<Record<SubmissionStatus, string>> = {
  error: 'booking-error',
  linkRefused: 'booking-link-refused',
  slotTaken: 'booking-slot-lost',
  slotUnavailable: 'booking-slot-lost',
  limited: 'booking-limited',
  codeLimited: 'booking-limited',
};
/** The failures after which only the agency's e-mail and phone are left: the box offers both. */
const OFFERS_CONTACT: ReadonlySet<SubmissionStatus> = new Set(['limited', 'codeLimited']);

/**
 * docs/product.md §6: the green box after a stored booking, the red one after a failure, in one
 * live region with the address step's "We sent a code to …". When the database's abuse limits
 * refused it (or the address had its codes for the day, when the latest mail's link is its way in),
 * the red box says so and offers the agency's e-mail and phone instead. A mail's link that no
 * longer works is said in the red box too; the next send asks for a code.
 */
export function SubmissionMessage({ status, step, stepTextId }: SubmissionMessageProps) {
  const { t } = useTranslation(NAMESPACE);
  const failureTestId = FAILURE_TEST_IDS[status];
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
      {failureTestId && (
        <p
          className="booking-form__message booking-form__message--error"
          role="alert"
          data-testid={failureTestId}
        >
          {OFFERS_CONTACT.has(status) ? (
            <Trans
              t={t}
              i18nKey={status}
              values={{ email: siteConfig.email, phone: siteConfig.phone }}
              components={{
                emailLink: <a href={siteEmailHref()} />,
                phoneLink: <a href={sitePhoneHref()} />,
              }}
            />
          ) : (
            t(status)
          )}
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

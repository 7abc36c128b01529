import { lazy, Suspense, useId, useRef, useState } from 'react';
import { Trans, useTranslation } from 'shared-i18n';
import { HoneypotField, SubmitButton, useValuesTypedBeforeHydration } from 'shared-forms';
import { Link } from 'shared-router';
import { BOOKING_MAX_LENGTH } from 'supabase-schema';
import {
  EMPTY_BOOKING_FORM,
  isComplete,
  withoutInvisible,
  type BookingField,
  type BookingFormValues,
} from '../booking/bookingForm';
import { chosenSlotProblem } from '../availability/bookableSlots';
import { useAvailability } from '../availability/useAvailability';
import { EmbeddedAvailability } from '../availability/embeddedAvailability';
import { useAddressLink } from '../booking/addressLink';
import type { BookingStore } from '../booking/bookingStore';
import type { SubmitOutcome } from '../booking/submissionState';
import { useBookingSubmission } from '../booking/useBookingSubmission';
import { NAMESPACE } from '../i18n';
import { BusinessSection } from './BusinessSection';
import { bindField } from './fieldProps';
import { FormField } from './FormField';
import { MarketingSection } from './MarketingSection';
import { PersonalSection } from './PersonalSection';
import { ScheduleSection } from './ScheduleSection';
import { SubmissionMessage } from './SubmissionMessage';
import { useBookingValidity } from './useBookingValidity';
import { applyBookingValidity, problemMessage } from './validityMessage';
import './BookingForm.css';

// The address step is fetched once a code was sent: most of a visit never needs it.
const CodeStep = lazy(() => import(/* webpackChunkName: "code-step" */ './CodeStep'));

/** Whether any control before the date button fails its rules: the browser reports that one first. */
function invalidBefore(form: HTMLFormElement, dateButton: HTMLElement): boolean {
  return [...form.elements].some(
    (element) =>
      element.compareDocumentPosition(dateButton) & Node.DOCUMENT_POSITION_FOLLOWING &&
      'checkValidity' in element &&
      !(element as HTMLInputElement).validity.valid,
  );
}

interface BookingFormProps {
  store: BookingStore;
  /** Called whenever a field gains focus: the page starts the booking's proof of work then. */
  onFocus?: () => void;
}

export function BookingForm({ store, onFocus }: BookingFormProps) {
  const { t } = useTranslation(NAMESPACE);
  const [values, setValues] = useState<BookingFormValues>(EMPTY_BOOKING_FORM);
  const [dateMissing, setDateMissing] = useState(false);
  const dateButtonRef = useRef<HTMLButtonElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const honeypotRef = useRef<HTMLInputElement>(null);
  // A code mail's link (?address=…) is only read here: the first send redeems it.
  const mailedLink = useAddressLink();
  const { status, step, hasLink, submit, resend, setCode, closeStep } = useBookingSubmission(store, {
    link: mailedLink,
  });
  const stepTextId = useId();
  const availability = useAvailability();
  const { refresh } = availability;

  const slotProblem = chosenSlotProblem(values.preferredDate, values.preferredTime, availability);

  const setField = (field: BookingField, value: string) =>
    setValues((current) => ({ ...current, [field]: withoutInvisible(field, value) }));
  useValuesTypedBeforeHydration(formRef, values, setField);
  useBookingValidity(formRef, values, t);
  const bind = (field: BookingField) => bindField(field, values, setField);
  const sectionProps = { values, bind, t };

  const control = (field: BookingField) =>
    formRef.current?.querySelector<HTMLInputElement>(`[name="${field}"]`) ?? null;

  /** After a send: clear a stored form, point at a lost slot's time or at the field the database refused. */
  const afterSend = (outcome: SubmitOutcome) => {
    // A stored booking holds its slot now, and a refused one may have lost it: ask again.
    refresh();
    if (outcome.kind === 'stored') {
      setValues(EMPTY_BOOKING_FORM);
      if (honeypotRef.current) honeypotRef.current.value = '';
    }
    if (outcome.kind === 'slotLost') control('preferredTime')?.focus();
    const refused = outcome.kind === 'fieldRefused' ? control(outcome.field) : null;
    if (outcome.kind === 'fieldRefused' && refused) {
      refused.setCustomValidity(problemMessage(refused, outcome.problem, t));
      refused.reportValidity();
    }
  };

  /** The date is a button, not a form control, so the browser cannot require it: we do. */
  const reportMissingDate = () => {
    setDateMissing(true);
    dateButtonRef.current?.focus();
  };

  return (
    <form
      ref={formRef}
      className="booking-form"
      aria-describedby="booking-required-note"
      onFocus={onFocus}
      onSubmit={(event) => {
        event.preventDefault();
        // The browser has checked the controls, unless a script submitted: check again, and say where.
        const rulesHold = applyBookingValidity(event.currentTarget, values, t);
        if (!event.currentTarget.reportValidity()) return;
        if (!values.preferredDate) return reportMissingDate();
        if (!rulesHold || !isComplete(values)) return;
        // A slot the database would refuse is not sent: the field says why, and nothing is lost.
        if (slotProblem === 'dayUnavailable') return dateButtonRef.current?.focus();
        if (slotProblem === 'timeTaken') return control('preferredTime')?.focus();
        void submit(values, { honeypot: honeypotRef.current?.value }).then(afterSend);
      }}
    >
      <p id="booking-required-note" className="booking-form__note">
        {t('requiredNote')}
      </p>
      <PersonalSection {...sectionProps} />
      <ScheduleSection
        {...sectionProps}
        onDateChange={(date) => {
          setField('preferredDate', date);
          setDateMissing(false);
        }}
        dateError={
          dateMissing
            ? t('validation.required')
            : slotProblem === 'dayUnavailable'
              ? t(`validation.${slotProblem}`)
              : null
        }
        timeError={slotProblem === 'timeTaken' ? t(`validation.${slotProblem}`) : null}
        dateButtonRef={dateButtonRef}
        availability={availability}
      />
      <BusinessSection {...sectionProps} />
      <MarketingSection {...sectionProps} />
      <FormField label={t('fields.additionalInfo')}>
        {(control) => (
          <textarea
            {...control}
            {...bind('additionalInfo')}
            rows={4}
            maxLength={BOOKING_MAX_LENGTH.additional_info}
          />
        )}
      </FormField>
      <EmbeddedAvailability days={availability.rendered} />
      <HoneypotField inputRef={honeypotRef} label={t('honeypot')} name="homepage" />
      <SubmissionMessage status={status} step={step} stepTextId={stepTextId} />
      {step ? (
        <Suspense>
          <CodeStep
            step={step}
            busy={status === 'submitting'}
            describedBy={stepTextId}
            onCodeChange={setCode}
            onResend={() => void resend()}
            onChangeEmail={() => {
              closeStep();
              control('email')?.focus();
            }}
          />
        </Suspense>
      ) : (
        <>
          {/* From a code mail's link, the first send confirms the address without a code. */}
          <p className="booking-form__note" data-testid="booking-address-note">
            {t(hasLink ? 'addressLinkNote' : 'addressNote')}
          </p>
          <SubmitButton
            className="site-button site-button--primary booking-form__submit"
            disabled={status === 'submitting'}
            onClick={(event) => {
              const form = event.currentTarget.form;
              const dateButton = dateButtonRef.current;
              if (values.preferredDate || !form || !dateButton) return;
              // Report the missing date in its place in the form's order, not only after every other field.
              setDateMissing(true);
              if (!invalidBefore(form, dateButton)) {
                event.preventDefault();
                reportMissingDate();
              }
            }}
          >
            {t(status === 'submitting' ? 'submitting' : 'submit')}
          </SubmitButton>
        </>
      )}
      <p className="booking-form__privacy">
        <Trans t={t} i18nKey="privacyNote" components={{ privacyLink: <Link to="/privacy" /> }} />
      </p>
    </form>
  );
}

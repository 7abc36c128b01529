import { useEffect, useRef, type Ref } from 'react';
import { Trans, useTranslation } from 'shared-i18n';
import { HoneypotField, SubmitButton, useValuesTypedBeforeHydration } from 'shared-forms';
import { Link } from 'shared-router';
import { NAMESPACE } from '../i18n';
import { isEnquiryService, type ContactEnquiry, type EnquiryField } from '../enquiry/contactEnquiry';
import type { ContactFormStatus } from '../enquiry/contactFormState';
import { EnquiryFields } from './EnquiryFields';
import { SendErrorBanner } from './SendErrorBanner';
import { useLocalizedValidity } from './useLocalizedValidity';
import './ContactForm.css';

interface ContactFormProps {
  enquiry: ContactEnquiry;
  status: Exclude<ContactFormStatus, 'sent'>;
  onEdit: <Field extends EnquiryField>(field: Field, value: ContactEnquiry[Field]) => void;
  /** Sends the enquiry; `honeypot` is what the trap field holds (empty unless a bot filled it). */
  onSubmit: (honeypot: string) => void;
  nameInputRef: Ref<HTMLInputElement>;
}

/**
 * "Send Us a Message": the enquiry fields, a honeypot for bots, the send button and, after a
 * failed send, the banner.
 */
export function ContactForm({ enquiry, status, onEdit, onSubmit, nameInputRef }: ContactFormProps) {
  const { t } = useTranslation(NAMESPACE);
  const form = useRef<HTMLFormElement>(null);
  const sendButton = useRef<HTMLButtonElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const submitting = status === 'submitting';
  const failed = status === 'failed' || status === 'limited';
  useLocalizedValidity(form, enquiry);
  useValuesTypedBeforeHydration(form, enquiry, (field, value) =>
    field === 'service' ? onEdit(field, isEnquiryService(value) ? value : '') : onEdit(field, value),
  );

  // The button was disabled while sending, which took the focus away; give it back for a retry.
  useEffect(() => {
    if (failed) sendButton.current?.focus();
  }, [failed]);

  return (
    <form
      ref={form}
      className="contact-form"
      aria-labelledby="contact-form-title"
      aria-busy={submitting}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(honeypot.current?.value ?? '');
      }}
    >
      <h2 id="contact-form-title" className="contact-form__title">
        {t('form.title')}
      </h2>
      <p className="contact-form__required-note">{t('form.requiredNote')}</p>
      <EnquiryFields enquiry={enquiry} onEdit={onEdit} nameInputRef={nameInputRef} />
      <HoneypotField inputRef={honeypot} label={t('form.honeypot')} name="website" />
      {failed && <SendErrorBanner limited={status === 'limited'} />}
      <SubmitButton
        ref={sendButton}
        className="site-button site-button--primary contact-form__send"
        disabled={submitting}
      >
        {submitting ? t('form.sending') : t('form.send')}
      </SubmitButton>
      <p className="contact-form__privacy">
        <Trans t={t} i18nKey="form.privacyNote" components={{ privacyLink: <Link to="/privacy" /> }} />
      </p>
    </form>
  );
}

import { useEffect, useRef, type Ref } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'shared-router';
import { NAMESPACE } from '../i18n';
import type { ContactEnquiry, EnquiryField } from '../enquiry/contactEnquiry';
import type { ContactFormStatus } from '../enquiry/contactFormState';
import { EnquiryFields } from './EnquiryFields';
import { SendErrorBanner } from './SendErrorBanner';
import { useLocalizedValidity } from './useLocalizedValidity';
import './ContactForm.css';

interface ContactFormProps {
  enquiry: ContactEnquiry;
  status: Exclude<ContactFormStatus, 'sent'>;
  onEdit: <Field extends EnquiryField>(field: Field, value: ContactEnquiry[Field]) => void;
  onSubmit: () => void;
  nameInputRef: Ref<HTMLInputElement>;
}

/** "Send Us a Message": the enquiry fields, the send button and, after a failed send, the banner. */
export function ContactForm({ enquiry, status, onEdit, onSubmit, nameInputRef }: ContactFormProps) {
  const { t } = useTranslation(NAMESPACE);
  const form = useRef<HTMLFormElement>(null);
  const sendButton = useRef<HTMLButtonElement>(null);
  const submitting = status === 'submitting';
  useLocalizedValidity(form, enquiry);

  // The button was disabled while sending, which took the focus away; give it back for a retry.
  useEffect(() => {
    if (status === 'failed') sendButton.current?.focus();
  }, [status]);

  return (
    <form
      ref={form}
      className="contact-form"
      aria-labelledby="contact-form-title"
      aria-busy={submitting}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <h2 id="contact-form-title" className="contact-form__title">
        {t('form.title')}
      </h2>
      <p className="contact-form__required-note">{t('form.requiredNote')}</p>
      <EnquiryFields enquiry={enquiry} onEdit={onEdit} nameInputRef={nameInputRef} />
      {status === 'failed' && <SendErrorBanner />}
      <button
        ref={sendButton}
        type="submit"
        className="site-button site-button--primary contact-form__send"
        disabled={submitting}
      >
        {submitting ? t('form.sending') : t('form.send')}
      </button>
      <p className="contact-form__privacy">
        <Trans t={t} i18nKey="form.privacyNote" components={{ privacyLink: <Link to="/privacy" /> }} />
      </p>
    </form>
  );
}

import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import {
  ENQUIRY_MAX_LENGTH,
  ENQUIRY_SERVICES,
  isEnquiryService,
  type ContactEnquiry,
  type EnquiryField,
} from '../enquiry/contactEnquiry';
import { FormField } from './FormField';

interface EnquiryFieldsProps {
  enquiry: ContactEnquiry;
  onEdit: <Field extends EnquiryField>(field: Field, value: ContactEnquiry[Field]) => void;
  /** The first field, focused when the visitor starts another message. */
  nameInputRef: Ref<HTMLInputElement>;
}

/** The six fields of an enquiry (SPEC §3, §5). */
export function EnquiryFields({ enquiry, onEdit, nameInputRef }: EnquiryFieldsProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="contact-form__fields">
      <FormField htmlFor="contact-name" label={t('form.name')} required>
        <input
          ref={nameInputRef}
          id="contact-name"
          className="contact-field__control"
          name="name"
          type="text"
          autoComplete="name"
          required
          maxLength={ENQUIRY_MAX_LENGTH.name}
          value={enquiry.name}
          onChange={(event) => onEdit('name', event.target.value)}
        />
      </FormField>
      <FormField htmlFor="contact-email" label={t('form.email')} required>
        <input
          id="contact-email"
          className="contact-field__control"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={ENQUIRY_MAX_LENGTH.email}
          value={enquiry.email}
          onChange={(event) => onEdit('email', event.target.value)}
        />
      </FormField>
      <FormField htmlFor="contact-company" label={t('form.company')}>
        <input
          id="contact-company"
          className="contact-field__control"
          name="company"
          type="text"
          autoComplete="organization"
          maxLength={ENQUIRY_MAX_LENGTH.company}
          value={enquiry.company}
          onChange={(event) => onEdit('company', event.target.value)}
        />
      </FormField>
      <FormField htmlFor="contact-phone" label={t('form.phone')}>
        <input
          id="contact-phone"
          className="contact-field__control"
          name="phone"
          type="tel"
          autoComplete="tel"
          maxLength={ENQUIRY_MAX_LENGTH.phone}
          value={enquiry.phone}
          onChange={(event) => onEdit('phone', event.target.value)}
        />
      </FormField>
      <FormField htmlFor="contact-service" label={t('form.service')} wide>
        <select
          id="contact-service"
          className="contact-field__control"
          name="service"
          value={enquiry.service}
          onChange={(event) => {
            const { value } = event.target;
            onEdit('service', isEnquiryService(value) ? value : '');
          }}
        >
          <option value="">{t('form.serviceNone')}</option>
          {ENQUIRY_SERVICES.map((service) => (
            <option key={service} value={service}>
              {t(`services.${service}`)}
            </option>
          ))}
        </select>
      </FormField>
      <FormField htmlFor="contact-message" label={t('form.message')} required wide>
        <textarea
          id="contact-message"
          className="contact-field__control"
          name="message"
          rows={5}
          required
          maxLength={ENQUIRY_MAX_LENGTH.message}
          placeholder={t('form.messagePlaceholder')}
          value={enquiry.message}
          onChange={(event) => onEdit('message', event.target.value)}
        />
      </FormField>
    </div>
  );
}

import type { ChangeEvent, Ref } from 'react';
import { useTranslation } from 'shared-i18n';
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

/** The fields typed as text: each has a length limit (the service is chosen from a list). */
type TextField = keyof typeof ENQUIRY_MAX_LENGTH;

/** The six fields of an enquiry (docs/product.md §5). */
export function EnquiryFields({ enquiry, onEdit, nameInputRef }: EnquiryFieldsProps) {
  const { t } = useTranslation(NAMESPACE);
  /** What every text control shares: its id, name, length limit and the value kept in the enquiry. */
  const bind = (field: TextField) => ({
    id: `contact-${field}`,
    className: 'contact-field__control',
    name: field,
    maxLength: ENQUIRY_MAX_LENGTH[field],
    value: enquiry[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onEdit(field, event.target.value),
  });
  return (
    <div className="contact-form__fields">
      <FormField htmlFor="contact-name" label={t('form.name')} required>
        <input ref={nameInputRef} {...bind('name')} type="text" autoComplete="name" required />
      </FormField>
      <FormField htmlFor="contact-email" label={t('form.email')} required>
        <input {...bind('email')} type="email" autoComplete="email" required />
      </FormField>
      <FormField htmlFor="contact-company" label={t('form.company')}>
        <input {...bind('company')} type="text" autoComplete="organization" />
      </FormField>
      <FormField htmlFor="contact-phone" label={t('form.phone')}>
        <input {...bind('phone')} type="tel" autoComplete="tel" />
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
        <textarea {...bind('message')} rows={5} required placeholder={t('form.messagePlaceholder')} />
      </FormField>
    </div>
  );
}

import { BOOKING_MAX_LENGTH, PHONE_PATTERN } from 'supabase-schema';
import { FormField } from './FormField';
import { FormSection } from './FormSection';
import type { SectionProps } from './fieldProps';

export function PersonalSection({ bind, t }: SectionProps) {
  return (
    <FormSection title={t('sections.personal')}>
      <FormField label={t('fields.fullName')} required>
        {(control) => (
          <input
            {...control}
            {...bind('fullName')}
            type="text"
            autoComplete="name"
            required
            maxLength={BOOKING_MAX_LENGTH.full_name}
          />
        )}
      </FormField>
      <FormField label={t('fields.email')} required>
        {(control) => (
          <input
            {...control}
            {...bind('email')}
            type="email"
            autoComplete="email"
            required
            maxLength={BOOKING_MAX_LENGTH.email}
          />
        )}
      </FormField>
      <FormField label={t('fields.phone')} required>
        {(control) => (
          <input
            {...control}
            {...bind('phone')}
            type="tel"
            autoComplete="tel"
            required
            pattern={PHONE_PATTERN.slice(1, -1)}
            maxLength={BOOKING_MAX_LENGTH.phone}
            placeholder={t('placeholders.phone')}
          />
        )}
      </FormField>
    </FormSection>
  );
}

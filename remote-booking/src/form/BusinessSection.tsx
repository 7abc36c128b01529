import { BOOKING_MAX_LENGTH, COMPANY_SIZES } from 'supabase-schema';
import { FormField } from './FormField';
import { OptionSelect } from './OptionSelect';
import { FormSection } from './FormSection';
import type { SectionProps } from './fieldProps';

export function BusinessSection({ bind, t }: SectionProps) {
  return (
    <FormSection title={t('sections.business')}>
      <FormField label={t('fields.companyName')} required>
        {(control) => (
          <input
            {...control}
            {...bind('companyName')}
            type="text"
            autoComplete="organization"
            required
            maxLength={BOOKING_MAX_LENGTH.company_name}
          />
        )}
      </FormField>
      <FormField label={t('fields.website')}>
        {(control) => (
          <input
            {...control}
            {...bind('website')}
            type="url"
            autoComplete="url"
            placeholder="https://"
            maxLength={BOOKING_MAX_LENGTH.website}
          />
        )}
      </FormField>
      <FormField label={t('fields.industry')} required>
        {(control) => (
          <input
            {...control}
            {...bind('industry')}
            type="text"
            required
            maxLength={BOOKING_MAX_LENGTH.industry}
            placeholder={t('placeholders.industry')}
          />
        )}
      </FormField>
      <FormField label={t('fields.companySize')} required>
        {(control) => (
          <OptionSelect
            control={control}
            binding={bind('companySize')}
            options={COMPANY_SIZES}
            labels="options.companySize"
            t={t}
          />
        )}
      </FormField>
    </FormSection>
  );
}

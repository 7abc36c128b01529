import { BOOKING_MAX_LENGTH, BUDGETS } from 'supabase-schema';
import { FormField } from './FormField';
import { OptionSelect } from './OptionSelect';
import { FormSection } from './FormSection';
import type { SectionProps } from './fieldProps';

export function MarketingSection({ bind, t }: SectionProps) {
  return (
    <FormSection title={t('sections.marketing')}>
      <FormField label={t('fields.currentMarketing')} required>
        {(control) => (
          <textarea
            {...control}
            {...bind('currentMarketing')}
            rows={3}
            required
            maxLength={BOOKING_MAX_LENGTH.current_marketing}
          />
        )}
      </FormField>
      <FormField label={t('fields.budget')} required>
        {(control) => (
          <OptionSelect
            control={control}
            binding={bind('budget')}
            options={BUDGETS}
            labels="options.budget"
            t={t}
          />
        )}
      </FormField>
      <FormField label={t('fields.goals')} required>
        {(control) => (
          <textarea {...control} {...bind('goals')} rows={3} required maxLength={BOOKING_MAX_LENGTH.goals} />
        )}
      </FormField>
    </FormSection>
  );
}

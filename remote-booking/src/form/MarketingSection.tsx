import { BOOKING_MAX_LENGTH, BUDGETS } from 'supabase-schema';
import { FormField } from './FormField';
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
          <select {...control} {...bind('budget')} required>
            <option value="">{t('placeholders.select')}</option>
            {BUDGETS.map((budget) => (
              <option key={budget} value={budget}>
                {t(`options.budget.${budget}`)}
              </option>
            ))}
          </select>
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

import { PREFERRED_TIMES } from 'supabase-schema';
import { DatePickerField } from '../datePicker/DatePickerField';
import { FormField } from './FormField';
import { OptionSelect } from './OptionSelect';
import { FormSection } from './FormSection';
import type { SectionProps } from './fieldProps';

interface ScheduleSectionProps extends SectionProps {
  onDateChange: (value: string) => void;
  dateError: string | null;
  dateButtonRef: React.RefObject<HTMLButtonElement | null>;
}

export function ScheduleSection({
  values,
  bind,
  t,
  onDateChange,
  dateError,
  dateButtonRef,
}: ScheduleSectionProps) {
  return (
    <FormSection title={t('sections.schedule')}>
      <DatePickerField
        value={values.preferredDate}
        onChange={onDateChange}
        error={dateError}
        buttonRef={dateButtonRef}
      />
      <FormField label={t('fields.preferredTime')} required hint={t('hints.timeZone')}>
        {(control) => (
          <OptionSelect
            control={control}
            binding={bind('preferredTime')}
            options={PREFERRED_TIMES}
            labels="options.time"
            t={t}
          />
        )}
      </FormField>
    </FormSection>
  );
}

import { PREFERRED_TIMES } from 'supabase-schema';
import { DatePickerField } from '../datePicker/DatePickerField';
import { FormField } from './FormField';
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
          <select {...control} {...bind('preferredTime')} required>
            <option value="">{t('placeholders.select')}</option>
            {PREFERRED_TIMES.map((time) => (
              <option key={time} value={time}>
                {t(`options.time.${time}`, { nsSeparator: false })}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </FormSection>
  );
}

import { PREFERRED_TIMES } from 'supabase-schema';
import { isTimeFree } from '../availability/bookableSlots';
import { LocalTimeNote } from '../availability/LocalTimeNote';
import type { Availability } from '../availability/useAvailability';
import { DatePickerField } from '../datePicker/DatePickerField';
import { FormField } from './FormField';
import { OptionSelect } from './OptionSelect';
import { FormSection } from './FormSection';
import type { SectionProps } from './fieldProps';

interface ScheduleSectionProps extends SectionProps {
  onDateChange: (value: string) => void;
  dateError: string | null;
  /** Said at the time select when the chosen time cannot be sent (taken since it was chosen). */
  timeError: string | null;
  dateButtonRef: React.RefObject<HTMLButtonElement | null>;
  availability: Availability;
}

/** The date and the time of the call: only free slots are offered, each explained in Panama's time and the visitor's. */
export function ScheduleSection({
  values,
  bind,
  t,
  onDateChange,
  dateError,
  timeError,
  dateButtonRef,
  availability,
}: ScheduleSectionProps) {
  const day = values.preferredDate;
  const isTaken = (time: string) => Boolean(day) && !isTimeFree(day, time, availability);
  const someTaken = PREFERRED_TIMES.some(isTaken);
  return (
    <FormSection title={t('sections.schedule')}>
      <p className="booking-form__rules" data-testid="booking-rules">
        {t('availability.rules')}
      </p>
      <DatePickerField
        value={day}
        onChange={onDateChange}
        error={dateError}
        buttonRef={dateButtonRef}
        availability={availability}
      />
      <FormField
        label={t('fields.preferredTime')}
        required
        hint={t('hints.timeZone')}
        after={
          <>
            {someTaken && (
              <p className="booking-field__hint" data-testid="booking-times-greyed">
                {t('availability.timesGreyed')}
              </p>
            )}
            <LocalTimeNote day={day} time={values.preferredTime} />
            {timeError && (
              <p className="booking-field__error" role="alert" data-testid="booking-time-error">
                {timeError}
              </p>
            )}
          </>
        }
      >
        {(control) => (
          <OptionSelect
            control={control}
            binding={bind('preferredTime')}
            options={PREFERRED_TIMES}
            labels="options.time"
            t={t}
            isDisabled={isTaken}
          />
        )}
      </FormField>
    </FormSection>
  );
}

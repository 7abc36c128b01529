// The new time: the booking form's date picker and its times (only free ones can be chosen), the
// refusal of the last try in the visitor's words, and the button that moves the call.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'shared-i18n';
import { PREFERRED_TIMES, type MoveRefusal } from 'supabase-schema';
import { isTimeFree } from '../availability/bookableSlots';
import { EmbeddedAvailability } from '../availability/embeddedAvailability';
import { LocalTimeNote } from '../availability/LocalTimeNote';
import { useAvailability } from '../availability/useAvailability';
import { DatePickerField } from '../datePicker/DatePickerField';
import { FormField } from '../form/FormField';
import { NAMESPACE } from '../i18n';

interface NewTimeFormProps {
  moving: boolean;
  refusal: MoveRefusal | null;
  failed: boolean;
  onMove: (day: string, time: string) => void;
}

export function NewTimeForm({ moving, refusal, failed, onMove }: NewTimeFormProps) {
  const { t } = useTranslation(NAMESPACE);
  const availability = useAvailability();
  const [day, setDay] = useState('');
  const [time, setTime] = useState('');
  const [dayMissing, setDayMissing] = useState(false);
  const dateButtonRef = useRef<HTMLButtonElement>(null);
  const isTaken = (value: string) => Boolean(day) && !isTimeFree(day, value, availability);

  // A refused time was taken or closed since the page asked: ask again, so the lists show it.
  const { refresh } = availability;
  useEffect(() => {
    if (refusal) refresh();
  }, [refusal, refresh]);

  const chooseDay = (value: string) => {
    setDay(value);
    setDayMissing(false);
    if (time && !isTimeFree(value, time, availability)) setTime('');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!day) {
      setDayMissing(true);
      dateButtonRef.current?.focus();
      return;
    }
    onMove(day, time);
  };

  return (
    <form className="booking-change__form" onSubmit={submit} data-testid="change-form">
      <p className="booking-change__rules">{t('availability.rules')}</p>
      <DatePickerField
        value={day}
        onChange={chooseDay}
        error={dayMissing ? t('validation.required') : null}
        buttonRef={dateButtonRef}
        availability={availability}
        label={t('change.newDate')}
      />
      <FormField
        label={t('change.newTime')}
        required
        hint={t('hints.timeZone')}
        after={<LocalTimeNote day={day} time={time} />}
      >
        {(control) => (
          <select
            {...control}
            name="preferredTime"
            value={time}
            onChange={(event) => setTime(event.target.value)}
            required
          >
            <option value="">{t('placeholders.select')}</option>
            {PREFERRED_TIMES.map((value) => (
              <option key={value} value={value} disabled={isTaken(value)}>
                {/* Values such as "9:00 AM" hold a colon, i18next's namespace separator. */}
                {t(`options.time.${value}`, { nsSeparator: false })}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {refusal && (
        <p className="booking-cancel__error" role="alert" data-testid="change-refusal" data-refusal={refusal}>
          {t(`change.refusals.${refusal}`)}
        </p>
      )}
      {failed && (
        <p className="booking-cancel__error" role="alert" data-testid="change-failed">
          {t('change.failed')}
        </p>
      )}
      <noscript>
        <p className="site-notice">{t('change.noscript')}</p>
      </noscript>
      <button
        type="submit"
        className="site-button site-button--primary booking-change__button"
        disabled={moving}
        aria-busy={moving}
      >
        {moving ? t('change.moving') : t('change.confirm')}
      </button>
      <EmbeddedAvailability days={availability.rendered} />
    </form>
  );
}

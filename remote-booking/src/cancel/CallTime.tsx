// The call a cancel link is for: its day and time in Panama, and in the visitor's own zone when
// that reads differently (known only in the browser, so the server and hydration show Panama's only).
import { useLanguage, useTranslation } from 'shared-i18n';
import type { CancellationView } from 'supabase-schema';
import { useLocalTime } from '../availability/LocalTimeNote';
import { capitalize, formatLongDate, fromIsoDate } from '../datePicker/calendarDates';
import { NAMESPACE } from '../i18n';

export function CallTime({ call }: { call: NonNullable<CancellationView['call']> }) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const { preferred_date: day, preferred_time: time } = call;
  const local = useLocalTime(day, time);
  const date = fromIsoDate(day);
  return (
    <div className="booking-cancel__call" data-testid="cancel-call">
      <p className="booking-cancel__when">
        {t('cancel.when', {
          date: date ? capitalize(formatLongDate(date, language)) : day,
          time: t(`options.time.${time}`, { nsSeparator: false, defaultValue: time }),
        })}
      </p>
      {local && (
        <p className="booking-cancel__local-time" data-testid="cancel-local-time">
          {t('availability.localTime', local)}
        </p>
      )}
    </div>
  );
}

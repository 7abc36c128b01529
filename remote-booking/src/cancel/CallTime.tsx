// The call a cancel link is for: its day and time in Panama, and in the visitor's own zone when
// that reads differently (known only in the browser, so the server and hydration show Panama's only).
import { useSyncExternalStore } from 'react';
import { useLanguage, useTranslation } from 'shared-i18n';
import type { CancellationView } from 'supabase-schema';
import { placeOfZone, timeInZone } from '../availability/LocalTimeNote';
import { visitorTimeZone } from '../booking/visitorTimeZone';
import { NAMESPACE } from '../i18n';
import { formatCallDay } from './callDay';

const subscribeToNothing = () => () => undefined;

export function CallTime({ call }: { call: NonNullable<CancellationView['call']> }) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const zone = useSyncExternalStore(subscribeToNothing, visitorTimeZone, () => null);
  const { preferred_date: day, preferred_time: time } = call;
  const local = zone && timeInZone(day, time, zone, language);
  return (
    <div className="booking-cancel__call" data-testid="cancel-call">
      <p className="booking-cancel__when">
        {t('cancel.when', {
          date: formatCallDay(day, language),
          time: t(`options.time.${time}`, { nsSeparator: false, defaultValue: time }),
        })}
      </p>
      {local && (
        <p className="booking-cancel__local-time" data-testid="cancel-local-time">
          {t('cancel.localTime', { time: local, place: placeOfZone(zone) })}
        </p>
      )}
    </div>
  );
}

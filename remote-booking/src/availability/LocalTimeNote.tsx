// "That is 4:00 PM in Buenos Aires": the chosen Panama time in the visitor's own zone, when it differs.
import { useSyncExternalStore } from 'react';
import { useLanguage, useTranslation } from 'shared-i18n';
import { slotStart, SLOT_TIME_ZONE } from 'supabase-schema';
import { visitorTimeZone } from '../booking/visitorTimeZone';
import { NAMESPACE } from '../i18n';
import zonePlaces from './zonePlaces.json';

/**
 * The places whose name the zone's id cannot spell (accents, a country's capital named by its
 * country): as the place writes its own name, the same in every language, like a language's own name.
 */
const ZONE_PLACES: Readonly<Record<string, string>> = zonePlaces;

/** "America/Argentina/Buenos_Aires" → "Buenos Aires"; "America/Sao_Paulo" → "São Paulo". */
export const placeOfZone = (zone: string) =>
  ZONE_PLACES[zone] ?? (zone.split('/').at(-1) ?? zone).replace(/_/g, ' ');

/** The slot's start as a visitor in `zone` reads it, or null when it reads the same as in Panama. */
export function timeInZone(day: string, time: string, zone: string, language: string): string | null {
  const start = slotStart(day, time);
  const format = (timeZone: string, withDay: boolean) =>
    new Intl.DateTimeFormat(language, {
      timeZone,
      hour: 'numeric',
      minute: '2-digit',
      // As the time options read: 12-hour in English and Spanish ("4:00 PM", "4:00 p. m."),
      // 24-hour in Brazilian Portuguese ("16:00").
      hour12: !language.startsWith('pt'),
      ...(withDay ? { weekday: 'long' } : {}),
    })
      .format(start)
      // ICU's narrow and no-break spaces, written as the options write them.
      .replace(/[\u202f\u00a0]/g, ' ');
  if (format(zone, true) === format(SLOT_TIME_ZONE, true)) return null;
  const sameDay = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(start) === day;
  return format(zone, !sameDay);
}

const subscribeToNothing = () => () => undefined;
const noZone = () => null;

/**
 * The slot's time in the visitor's own zone and where that is, or null when it reads as in
 * Panama. The browser's zone is known only in the browser: the server (and hydration) get null.
 * It is read only once a day and a time are chosen: the browser's first look at zones is a long
 * task on a phone, and a snapshot that differs from the server's re-renders at once, unsliced.
 */
export function useLocalTime(day: string, time: string): { time: string; place: string } | null {
  const language = useLanguage();
  const chosen = Boolean(day && time);
  const zone = useSyncExternalStore(subscribeToNothing, chosen ? visitorTimeZone : noZone, noZone);
  if (!zone || !chosen) return null;
  const local = timeInZone(day, time, zone, language);
  return local ? { time: local, place: placeOfZone(zone) } : null;
}

export function LocalTimeNote({ day, time }: { day: string; time: string }) {
  const { t } = useTranslation(NAMESPACE);
  const local = useLocalTime(day, time);
  if (!local) return null;
  return (
    <p className="booking-field__hint booking-field__local-time" data-testid="booking-local-time">
      {t('availability.localTime', local)}
    </p>
  );
}

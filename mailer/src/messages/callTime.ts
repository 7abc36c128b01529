/**
 * The call's time as the messages show it: in Panama (the agency's time, the slot's own zone) and,
 * when its clock differs at that instant, in the visitor's zone too, in the message's language.
 */
import type { MailBooking } from 'supabase-schema';
import type { Language } from '../config';
import { translatorFor } from './translate';

export const PANAMA = 'America/Panama';

const LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-PA', pt: 'pt-BR' };

export interface CallTime {
  start: Date;
  end: Date;
  /** "Monday, January 4, 2027, 9:00 – 9:30 AM" in Panama. */
  panama: string;
  /** "Jan 4, 2027, 9:00 AM" in Panama, for subjects and previews. */
  panamaShort: string;
  /** The same range in the visitor's zone, or null when it shows the same clock as Panama. */
  visitor: { when: string; zone: string } | null;
}

function offsetAt(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(
    instant,
  );
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
}

/**
 * Brazil's zones as Brazilians name them, by the hour each keeps ("horário de Brasília"), where
 * ICU's long names read "Horário Padrão de Brasília" even in summer and name no hour at all.
 */
const BRAZIL_TIMES: Readonly<Record<string, 'brasilia' | 'amazonas' | 'acre' | 'noronha'>> = {
  'America/Sao_Paulo': 'brasilia',
  'America/Araguaina': 'brasilia',
  'America/Bahia': 'brasilia',
  'America/Belem': 'brasilia',
  'America/Fortaleza': 'brasilia',
  'America/Maceio': 'brasilia',
  'America/Recife': 'brasilia',
  'America/Santarem': 'brasilia',
  'America/Manaus': 'amazonas',
  'America/Boa_Vista': 'amazonas',
  'America/Campo_Grande': 'amazonas',
  'America/Cuiaba': 'amazonas',
  'America/Porto_Velho': 'amazonas',
  'America/Rio_Branco': 'acre',
  'America/Eirunepe': 'acre',
  'America/Noronha': 'noronha',
};

function zoneName(instant: Date, timeZone: string, language: Language): string {
  const brazil = BRAZIL_TIMES[timeZone];
  if (brazil) return translatorFor(language)(`brazilTime.${brazil}`);
  const locale = LOCALES[language];
  const parts = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'long' }).formatToParts(instant);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

function isKnownZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

function range(start: Date, end: Date, timeZone: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'full', timeStyle: 'short' }).formatRange(
    start,
    end,
  );
}

export function describeCallTime(
  booking: Pick<MailBooking, 'starts_at' | 'duration_minutes' | 'time_zone'>,
  language: Language,
): CallTime {
  const locale = LOCALES[language];
  const start = new Date(booking.starts_at);
  if (Number.isNaN(start.getTime())) throw new Error(`starts_at is not a time: ${booking.starts_at}`);
  const end = new Date(start.getTime() + booking.duration_minutes * 60_000);
  const zone = booking.time_zone;
  // A zone Postgres knows and this Node's ICU does not: the Panama time alone, rather than no mail.
  const showVisitor =
    zone !== PANAMA && isKnownZone(zone) && offsetAt(start, zone) !== offsetAt(start, PANAMA);
  return {
    start,
    end,
    panama: range(start, end, PANAMA, locale),
    panamaShort: new Intl.DateTimeFormat(locale, {
      timeZone: PANAMA,
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(start),
    visitor: showVisitor
      ? { when: range(start, end, zone, locale), zone: zoneName(start, zone, language) }
      : null,
  };
}

/** A timestamp (created_at) in Panama, for the agency. */
export function panamaTimestamp(iso: string, language: Language): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  return new Intl.DateTimeFormat(LOCALES[language], {
    timeZone: PANAMA,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(instant);
}

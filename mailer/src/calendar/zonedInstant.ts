/**
 * A wall-clock time in a named zone as an instant, with the zone rules Node carries (Intl, the IANA
 * database): iCalendar feeds name a TZID and may or may not define it, and a definition can be stale.
 */

export interface WallClock {
  year: number;
  /** 1-12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** Whether Intl knows `zone` as an IANA zone name (Windows names such as "Romance Standard Time" it does not). */
export function isKnownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at `instant`, in milliseconds. */
function zoneOffsetMs(instant: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const field = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(
    field('year'),
    field('month') - 1,
    field('day'),
    field('hour'),
    field('minute'),
    field('second'),
  );
  return asUtc - (instant - (instant % 1000));
}

/**
 * The instant `clock` reads in `zone`. A time a daylight-saving change skips or repeats (never a
 * working hour in the zones a meeting is set in) reads as one of the instants around it.
 */
export function zonedInstant(clock: WallClock, zone: string): Date {
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  const firstGuess = asUtc - zoneOffsetMs(asUtc, zone);
  // Near a change of offset the first guess can sit on the other side of it: correct once.
  return new Date(asUtc - zoneOffsetMs(firstGuess, zone));
}

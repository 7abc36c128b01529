/**
 * An iCalendar feed's text as the busy intervals of a window, with ical.js: recurrences expanded
 * (RRULE, EXDATE, RECURRENCE-ID overrides), all-day events as whole America/Panama days, times in
 * any TZID. Events marked free (TRANSP:TRANSPARENT) and cancelled ones are not busy; tentative ones
 * are, as Google Calendar shows them. Only when is kept: no title, attendee or description, and a
 * UID only when it is one of the agency's own booking invitations.
 */
import ICAL from 'ical.js';
import { SLOT_TIME_ZONE, type BusyInterval } from 'supabase-schema';
import { isKnownZone, zonedInstant } from './zonedInstant';

type CalendarTime = InstanceType<typeof ICAL.Time>;
type CalendarEvent = InstanceType<typeof ICAL.Event>;

/** [from, to): the instants whose busy times matter. */
export interface BusyWindow {
  from: Date;
  to: Date;
}

export class FeedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedError';
  }
}

/** The UID the mailer gives a booking's invitation (messages/invitation.ts): kept to recognise it. */
const OWN_BOOKING_UID =
  /^booking-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}@[^\s]{1,200}$/i;
/** A rule with no end is expanded up to the window's end; this bounds a rule that never gets there. */
const MAX_OCCURRENCES_PER_EVENT = 20_000;

/** The TZID parameter of an event's date property, if it names one. */
function tzidOf(event: CalendarEvent, property: 'dtstart' | 'dtend' | 'recurrence-id'): string | null {
  const tzid = event.component.getFirstProperty(property)?.getParameter('tzid');
  return typeof tzid === 'string' && tzid ? tzid : null;
}

/**
 * The instant a calendar time stands for. A date is the start of that day in Panama; a time with a
 * zone Node knows uses Node's rules (a feed's VTIMEZONE may be missing or stale); a zone only the
 * feed defines uses its definition; a floating time is Panama's.
 */
function instantOf(time: CalendarTime, tzid: string | null): Date {
  const clock = { year: time.year, month: time.month, day: time.day, hour: 0, minute: 0, second: 0 };
  if (time.isDate) return zonedInstant(clock, SLOT_TIME_ZONE);
  if (time.zone === ICAL.Timezone.utcTimezone) return new Date(time.toUnixTime() * 1000);
  Object.assign(clock, { hour: time.hour, minute: time.minute, second: time.second });
  const zone = tzid ?? time.zone?.tzid;
  if (zone && zone !== 'floating' && isKnownZone(zone)) return zonedInstant(clock, zone);
  if (zone && zone !== 'floating' && time.zone?.tzid === zone) return new Date(time.toUnixTime() * 1000);
  return zonedInstant(clock, SLOT_TIME_ZONE);
}

function isBusy(event: CalendarEvent): boolean {
  const status = String(event.component.getFirstPropertyValue('status') ?? '').toUpperCase();
  const transparency = String(event.component.getFirstPropertyValue('transp') ?? '').toUpperCase();
  return status !== 'CANCELLED' && transparency !== 'TRANSPARENT';
}

function intervalOf(event: CalendarEvent, starts: Date, ends: Date): BusyInterval {
  const uid = event.uid;
  return {
    starts_at: starts.toISOString(),
    ends_at: ends.toISOString(),
    ...(typeof uid === 'string' && OWN_BOOKING_UID.test(uid) ? { event_uid: uid } : {}),
  };
}

function overlaps(starts: Date, ends: Date, window: BusyWindow): boolean {
  return ends > starts && starts < window.to && ends > window.from;
}

/** A single event, or one moved or changed instance of a recurring one (RECURRENCE-ID). */
function singleInterval(event: CalendarEvent, window: BusyWindow): BusyInterval[] {
  if (!isBusy(event)) return [];
  const starts = instantOf(event.startDate, tzidOf(event, 'dtstart'));
  const hasEnd = event.component.hasProperty('dtend');
  const ends = instantOf(event.endDate, tzidOf(event, hasEnd ? 'dtend' : 'dtstart'));
  return overlaps(starts, ends, window) ? [intervalOf(event, starts, ends)] : [];
}

/**
 * The occurrences of a recurring event in the window, but those an override replaces
 * (`overridden`: the instants of their RECURRENCE-IDs), which are read as single events.
 */
function recurringIntervals(
  master: CalendarEvent,
  overridden: Set<number>,
  window: BusyWindow,
): BusyInterval[] {
  if (!isBusy(master)) return [];
  const tzid = tzidOf(master, 'dtstart');
  const intervals: BusyInterval[] = [];
  const occurrences = master.iterator();
  for (let count = 0; count < MAX_OCCURRENCES_PER_EVENT; count += 1) {
    const occurrence = occurrences.next();
    if (!occurrence) break;
    const { startDate, endDate } = master.getOccurrenceDetails(occurrence);
    const starts = instantOf(startDate, tzid);
    if (starts >= window.to) break;
    if (overridden.has(instantOf(occurrence, tzid).getTime())) continue;
    const ends = instantOf(endDate, tzid);
    if (overlaps(starts, ends, window)) intervals.push(intervalOf(master, starts, ends));
  }
  return intervals;
}

/** The feed's calendar, or a FeedError when the text is not one. */
function calendarOf(text: string): InstanceType<typeof ICAL.Component> {
  if (!/^\uFEFF?\s*BEGIN:VCALENDAR/i.test(text)) throw new FeedError('not an iCalendar feed');
  try {
    const calendar = new ICAL.Component(ICAL.parse(text));
    if (calendar.name !== 'vcalendar') throw new FeedError('not an iCalendar feed');
    return calendar;
  } catch (error) {
    throw error instanceof FeedError
      ? error
      : new FeedError(`unreadable iCalendar: ${(error as Error).message}`);
  }
}

/** The busy intervals of `text`'s events that overlap `window`, in order of start. */
export function busyIntervalsOfFeed(text: string, window: BusyWindow): BusyInterval[] {
  const events = calendarOf(text)
    .getAllSubcomponents('vevent')
    .map((component) => new ICAL.Event(component));
  const overridesByUid = new Map<string, Set<number>>();
  for (const event of events.filter((candidate) => candidate.isRecurrenceException())) {
    const overridden = overridesByUid.get(event.uid) ?? new Set<number>();
    overridden.add(instantOf(event.recurrenceId, tzidOf(event, 'recurrence-id')).getTime());
    overridesByUid.set(event.uid, overridden);
  }
  const intervals = events.flatMap((event) =>
    event.isRecurring() && !event.isRecurrenceException()
      ? recurringIntervals(event, overridesByUid.get(event.uid) ?? new Set(), window)
      : singleInterval(event, window),
  );
  return intervals.sort(
    (a, b) => a.starts_at.localeCompare(b.starts_at) || a.ends_at.localeCompare(b.ends_at),
  );
}

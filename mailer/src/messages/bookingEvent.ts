/**
 * A booking's calendar event, made by `ics` in one place for both of its forms: the invitation the
 * mails carry (invitation.ts) and the event written into the agency's own calendar
 * (calendar/calendarEventWriter.ts). One UID (booking-<id>@<site host>) for both, so a calendar
 * that holds one and is offered the other shows one event, and the busy-times rule recognises it.
 *
 * Every text of the event is made plain first (plainText.ts): a booker's CR, NEL or other control
 * character never starts a calendar line of its own.
 */
import { createEvent, type EventAttributes } from 'ics';
import { invitationSequence, type MailBooking } from 'supabase-schema';
import type { MailerConfig } from '../config';
import { siteHost } from './links';
import { oneLine, plainLines } from './plainText';
import type { Translate } from './translate';

export type EventAudience = 'visitor' | 'agency';

export function invitationUid(booking: Pick<MailBooking, 'id'>, site: MailerConfig['site']): string {
  return `booking-${booking.id}@${siteHost(site)}`;
}

/**
 * The SEQUENCE of the event as the booking holds it now: the booking's invitation_sequence (0 as
 * booked, one more per move), as its latest REQUEST carries it.
 */
export function bookingEventSequence(booking: MailBooking): number {
  return invitationSequence(booking, 'REQUEST');
}

/**
 * A name as an iCalendar parameter (CN) can hold it: no double quote, no line break or other
 * control character (RFC 5545 has no escape for them there; `ics` would write a backslash).
 */
export function calendarName(name: string): string {
  return oneLine(name.replace(/"/g, "'")).trim();
}

/** The event cannot be made; `field`: the one refused (a field of ics's event, never its value). */
export class InvitationError extends Error {
  constructor(field: string | null) {
    super(field ? `ics refused ${field}` : 'ics made no event');
    this.name = 'InvitationError';
  }
}

export const ATTENDEE_EMAIL = 'attendees[0].email';

/** One address, nothing around it (ics checks the rest). */
const ATTENDEE_ADDRESS = /^[^\s\p{Cc}@]+@[^\s\p{Cc}@]+$/u;

/**
 * The field ics's validation names (`attendees[0].email must be a valid email`): a validator's
 * message may quote the value, a booker's text, so only the field is kept.
 */
function refusedField(error: unknown): string | null {
  // Duck-typed: yup's ValidationError may come from another realm (jest's) than this Error.
  const message = String((error as { message?: unknown } | null)?.message ?? '');
  return /^[A-Za-z_][\w.[\]]*(?= )/.exec(message)?.[0] ?? null;
}

/**
 * The booking's event: its UID, time, title and description (`audience`: the visitor's copy
 * describes the call to them, the agency's names the visitor, in the language of `t`), the agency
 * organizing and the visitor attending.
 */
export function bookingEvent(
  booking: MailBooking,
  audience: EventAudience,
  { site, agencyInbox }: Pick<MailerConfig, 'site' | 'agencyInbox'>,
  t: Translate,
): EventAttributes {
  // ics takes an empty address and writes an ATTENDEE no calendar reads: refused here instead.
  if (!ATTENDEE_ADDRESS.test(booking.email)) throw new InvitationError(ATTENDEE_EMAIL);
  const description = plainLines(
    audience === 'visitor'
      ? t('calendar.description', {
          minutes: booking.duration_minutes,
          organizationName: site.organizationName,
          phone: site.phone,
          email: site.email,
        })
      : t('calendar.attendeeDescription', {
          fullName: booking.full_name,
          companyName: booking.company_name,
          phone: booking.phone,
          email: booking.email,
        }),
  );
  return {
    productId: `-//${siteHost(site)}//booking mailer//EN`,
    uid: invitationUid(booking, site),
    start: new Date(booking.starts_at).getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: booking.duration_minutes },
    title: oneLine(t('calendar.title', { organizationName: site.organizationName })),
    description,
    url: site.url,
    organizer: { name: calendarName(site.organizationName), email: agencyInbox },
    attendees: [
      {
        name: calendarName(booking.full_name),
        email: booking.email,
        rsvp: true,
        partstat: 'NEEDS-ACTION',
        role: 'REQ-PARTICIPANT',
      },
    ],
  };
}

/** The event's iCalendar text, or an InvitationError naming the field ics refused. */
export function eventText(attributes: EventAttributes): string {
  const { error, value } = createEvent(attributes);
  if (error || !value) throw new InvitationError(refusedField(error));
  return value;
}

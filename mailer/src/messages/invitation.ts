/**
 * The calendar invitation every booking and cancellation message carries (cal.com's way): an
 * iCalendar event made by `ics`, attached through nodemailer's icalEvent so Google, Outlook and
 * Apple Mail show it as an invitation. One event per booking: its UID is stable
 * (booking-<id>@<site host>); METHOD:REQUEST invites, and again at a new time after a move with the
 * booking's raised SEQUENCE (0 as booked); METHOD:CANCEL with the same UID, one SEQUENCE more and
 * STATUS:CANCELLED withdraws it (invitationSequence, supabase-schema).
 *
 * Every text of the event is made plain first (plainText.ts): a booker's CR, NEL or other control
 * character never starts a calendar line of its own. An event `ics` refuses (an attendee address it
 * does not take) leaves the message without its invitation rather than unsent: see withInvitation.
 */
import { createEvent } from 'ics';
import { invitationSequence, type MailBooking } from 'supabase-schema';
import type { MailerConfig } from '../config';
import { siteHost } from './links';
import { oneLine, plainLines } from './plainText';
import type { Translate } from './translate';

export type InvitationMethod = 'REQUEST' | 'CANCEL';

/** nodemailer's icalEvent. */
export interface Invitation {
  method: InvitationMethod;
  filename: string;
  content: string;
}

/**
 * A name as an iCalendar parameter (CN) can hold it: no double quote, no line break or other
 * control character (RFC 5545 has no escape for them there; `ics` would write a backslash).
 */
export function calendarName(name: string): string {
  return oneLine(name.replace(/"/g, "'")).trim();
}

export function invitationUid(booking: Pick<MailBooking, 'id'>, site: MailerConfig['site']): string {
  return `booking-${booking.id}@${siteHost(site)}`;
}

/**
 * `audience`: the visitor's copy describes the call to them, the agency's names the visitor; both
 * are the same event (UID, time, organizer, attendee), in the recipient's language (`t`).
 */
export function invitation(
  booking: MailBooking,
  method: InvitationMethod,
  audience: 'visitor' | 'agency',
  { site, agencyInbox }: Pick<MailerConfig, 'site' | 'agencyInbox'>,
  t: Translate,
): Invitation {
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
  const { error, value } = createEvent({
    productId: `-//${siteHost(site)}//booking mailer//EN`,
    method,
    uid: invitationUid(booking, site),
    sequence: invitationSequence(booking, method),
    status: method === 'REQUEST' ? 'CONFIRMED' : 'CANCELLED',
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
  });
  if (error || !value) throw new InvitationError(refusedField(error));
  return { method, filename: method === 'REQUEST' ? 'invite.ics' : 'cancel.ics', content: value };
}

/** The event cannot be made; `field`: the one refused (a field of ics's event, never its value). */
export class InvitationError extends Error {
  constructor(field: string | null) {
    super(field ? `ics refused ${field}` : 'ics made no event');
    this.name = 'InvitationError';
  }
}

const ATTENDEE_EMAIL = 'attendees[0].email';

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

/** The invitation, or why there is none: the message is sent without it, and the mailer reports it. */
export type InvitationPart = { icalEvent: Invitation } | { invitationProblem: string };

export function withInvitation(build: () => Invitation): InvitationPart {
  try {
    return { icalEvent: build() };
  } catch (error) {
    return {
      invitationProblem:
        error instanceof InvitationError ? error.message : 'the invitation could not be built',
    };
  }
}

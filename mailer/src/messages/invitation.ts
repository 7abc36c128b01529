/**
 * The calendar invitation every booking and cancellation message carries (cal.com's way): the
 * booking's event (bookingEvent.ts), attached through nodemailer's icalEvent so Google, Outlook and
 * Apple Mail show it as an invitation. METHOD:REQUEST with the booking's SEQUENCE invites (0 as
 * booked, one more per move, so a moved call's invitation replaces the last); METHOD:CANCEL with the
 * same UID, the next SEQUENCE and STATUS:CANCELLED withdraws it (invitationSequence, supabase-schema).
 *
 * An event `ics` refuses (an attendee address it does not take) leaves the message without its
 * invitation rather than unsent: see withInvitation.
 */
import { invitationSequence, type MailBooking } from 'supabase-schema';
import type { MailerConfig } from '../config';
import { bookingEvent, eventText, InvitationError, type EventAudience } from './bookingEvent';
import type { Translate } from './translate';

export type InvitationMethod = 'REQUEST' | 'CANCEL';

/** nodemailer's icalEvent. */
export interface Invitation {
  method: InvitationMethod;
  filename: string;
  content: string;
}

export function invitation(
  booking: MailBooking,
  method: InvitationMethod,
  audience: EventAudience,
  config: Pick<MailerConfig, 'site' | 'agencyInbox'>,
  t: Translate,
): Invitation {
  const content = eventText({
    ...bookingEvent(booking, audience, config, t),
    method,
    sequence: invitationSequence(booking, method),
    status: method === 'REQUEST' ? 'CONFIRMED' : 'CANCELLED',
  });
  return { method, filename: method === 'REQUEST' ? 'invite.ics' : 'cancel.ics', content };
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

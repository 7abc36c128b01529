/**
 * One claimed message -> the e-mail to send: each kind's own module (cal.com's way), chosen by
 * kind; every header value made one line here, whatever the module, so no booker's text becomes a
 * header of its own. And why a claimed message must not be sent at all (reasonNotToSend).
 */
import type { ClaimedBookingMail } from 'supabase-schema';
import { composeAddressCode } from './addressCode';
import { composeBookingConfirmation } from './bookingConfirmation';
import { composeBookingNotice } from './bookingNotice';
import { composeBookingReminder } from './bookingReminder';
import { composeCancellationConfirmation } from './cancellationConfirmation';
import { composeCancellationNotice } from './cancellationNotice';
import type { BookingComposeInput, ClaimedMessage, ComposeInput } from './messageContext';
import { composeMoveConfirmation } from './moveConfirmation';
import { composeMoveNotice } from './moveNotice';
import type { MailAddress, OutgoingMail } from './outgoingMail';
import { oneLine } from './plainText';

const BOOKING_COMPOSERS: Record<
  ClaimedBookingMail['kind'],
  (input: BookingComposeInput) => Promise<OutgoingMail>
> = {
  booking_confirmation: composeBookingConfirmation,
  booking_notice: composeBookingNotice,
  booking_reminder: composeBookingReminder,
  cancellation_confirmation: composeCancellationConfirmation,
  cancellation_notice: composeCancellationNotice,
  move_confirmation: composeMoveConfirmation,
  move_notice: composeMoveNotice,
};

function plainAddress({ name, address }: MailAddress): MailAddress {
  return { name: oneLine(name).trim(), address: oneLine(address).trim() };
}

/** The headers built from booker text (subject, To, Reply-To) as one line each. */
function withPlainHeaders(mail: OutgoingMail): OutgoingMail {
  return {
    ...mail,
    subject: oneLine(mail.subject),
    to: plainAddress(mail.to),
    replyTo: plainAddress(mail.replyTo),
  };
}

export async function composeMail({ mail, ...input }: ComposeInput<ClaimedMessage>): Promise<OutgoingMail> {
  if (mail.kind === 'address_code') return withPlainHeaders(await composeAddressCode({ ...input, mail }));
  const compose = BOOKING_COMPOSERS[mail.kind] as BookingComposer | undefined;
  // A kind a newer database knows and this mailer does not: failed (and so retried, then given up).
  if (!compose) throw new Error(`Unknown kind of message: ${String(mail.kind)}`);
  return withPlainHeaders(await compose({ ...input, mail }));
}

type BookingComposer = (typeof BOOKING_COMPOSERS)[ClaimedBookingMail['kind']];

/**
 * Why a claimed message must not be sent, or null: a reminder of a call that was cancelled or has
 * begun (the mailer was down past it) would only mislead, and so would a code no longer accepted
 * or a "moved" message of a call cancelled since (its invitation would put the call back); a
 * calendar event has nowhere to go without a CalDAV calendar. The mailer records it with
 * mail_skipped.
 */
export function reasonNotToSend({ mail, now, config }: ComposeInput): string | null {
  if (mail.kind === 'calendar_event')
    return config.agencyCaldav ? null : 'not written: no CalDAV calendar is configured (AGENCY_CALDAV_URL)';
  if (mail.kind === 'address_code')
    return mail.address.valid_minutes < 1 ? 'not sent: the code was no longer valid' : null;
  if (
    (mail.kind === 'move_confirmation' || mail.kind === 'move_notice') &&
    mail.booking.status === 'cancelled'
  )
    return 'not sent: the call was cancelled after it was moved';
  if (mail.kind !== 'booking_reminder') return null;
  if (mail.booking.status === 'cancelled') return 'not sent: the call was cancelled';
  if (new Date(mail.booking.starts_at).getTime() <= now.getTime())
    return 'not sent: the call had already begun';
  return null;
}

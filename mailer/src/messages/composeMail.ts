/** One claimed message -> the e-mail to send: each kind's own module (cal.com's way), chosen by kind. */
import type { MailKind } from 'supabase-schema';
import { composeBookingConfirmation } from './bookingConfirmation';
import { composeBookingNotice } from './bookingNotice';
import { composeBookingReminder } from './bookingReminder';
import { composeCancellationConfirmation } from './cancellationConfirmation';
import { composeCancellationNotice } from './cancellationNotice';
import type { ComposeInput } from './messageContext';
import type { OutgoingMail } from './outgoingMail';

const COMPOSERS: Record<MailKind, (input: ComposeInput) => Promise<OutgoingMail>> = {
  booking_confirmation: composeBookingConfirmation,
  booking_notice: composeBookingNotice,
  booking_reminder: composeBookingReminder,
  cancellation_confirmation: composeCancellationConfirmation,
  cancellation_notice: composeCancellationNotice,
};

export function composeMail(input: ComposeInput): Promise<OutgoingMail> {
  const compose = COMPOSERS[input.mail.kind];
  if (!compose) return Promise.reject(new Error(`Unknown kind of message: ${String(input.mail.kind)}`));
  return compose(input);
}

/**
 * Why a claimed message must not be sent, or null: a reminder of a call that was cancelled or has
 * begun (the mailer was down past it) would only mislead.
 */
export function reasonNotToSend({ mail, now }: ComposeInput): string | null {
  if (mail.kind !== 'booking_reminder') return null;
  if (mail.booking.status === 'cancelled') return 'not sent: the call was cancelled';
  if (new Date(mail.booking.starts_at).getTime() <= now.getTime())
    return 'not sent: the call had already begun';
  return null;
}

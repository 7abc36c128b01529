/** What composing a claimed message gives the sender: one e-mail, ready for nodemailer. */
import type { Invitation } from './invitation';

export interface MailAddress {
  name: string;
  address: string;
}

export interface OutgoingMail {
  to: MailAddress;
  replyTo: MailAddress;
  subject: string;
  html: string;
  text: string;
  /** The calendar invitation (booking and cancellation messages; not the reminder). */
  icalEvent?: Invitation;
  /**
   * <kind.booking-id@site host>: the same for every try of one message, so the one duplicate a
   * stalled mailer can cause (see drainOnce) looks like one message to clients that group by it.
   */
  messageId: string;
}

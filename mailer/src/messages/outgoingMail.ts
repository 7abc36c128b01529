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
  /** The calendar invitation (booking and cancellation messages; not the reminder, not the code). */
  icalEvent?: Invitation;
  /**
   * Why this message goes without the invitation its kind carries (`ics` refused the event): the
   * mailer counts and logs it. Never a booker's text.
   */
  invitationProblem?: string;
  /**
   * <kind.booking-id@site host>: the same for every try of one message, so the one duplicate a
   * stalled mailer can cause (see drainOnce) looks like one message to clients that group by it.
   */
  messageId: string;
}

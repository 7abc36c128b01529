/**
 * What every message's module starts from: the claimed message and the settings (ComposeInput);
 * for a message about a booking, the recipient's language, copy and call time (MessageContext).
 */
import type { ClaimedBookingMail, ClaimedCalendarEvent, ClaimedMail, MailBooking } from 'supabase-schema';
import type { CalendarHealth } from '../calendar/calendarHealth';
import type { Language, MailerConfig } from '../config';
import { describeCallTime, type CallTime } from './callTime';
import { cancelLink, changeLink, siteHost } from './links';
import type { CallLinkUrls } from './parts';
import type { MailAddress } from './outgoingMail';
import { translatorFor, type Translate } from './translate';

/** `Mail`: the kinds a composer takes (composeMail narrows on the kind before it calls one). */
export interface ComposeInput<Mail extends ClaimedMail = ClaimedMail> {
  mail: Mail;
  config: MailerConfig;
  /** The clock (the reminder says "in about 24 hours" or "soon"). */
  now: Date;
  /** The reads of the agency's calendar, when one is read: the agency's notice says when it was last read. */
  calendar?: CalendarHealth | null;
}

/** The outbox rows that are e-mails: all but the agency calendar's events. */
export type ClaimedMessage = Exclude<ClaimedMail, ClaimedCalendarEvent>;

/** A message about a booking: every kind but address_code. */
export type BookingComposeInput = ComposeInput<ClaimedBookingMail>;

export interface MessageContext {
  booking: MailBooking;
  language: Language;
  t: Translate;
  time: CallTime;
  visitor: MailAddress;
  agency: MailAddress;
  messageId: string;
}

function bookingLanguage(booking: MailBooking): Language {
  return booking.language === 'es' ? 'es' : 'en';
}

/** `to`: the visitor (their language) or the agency (AGENCY_LANGUAGE). */
export function messageContext(
  { mail, config }: BookingComposeInput,
  to: 'visitor' | 'agency',
): MessageContext {
  const { booking } = mail;
  const language = to === 'visitor' ? bookingLanguage(booking) : config.agencyLanguage;
  return {
    booking,
    language,
    t: translatorFor(language),
    time: describeCallTime(booking, language),
    visitor: { name: booking.full_name, address: booking.email },
    agency: { name: config.site.organizationName, address: config.agencyInbox },
    messageId: messageIdOf(mail, siteHost(config.site)),
  };
}

/**
 * One Message-ID per message: a client drops a second message with an ID it has seen, so the
 * messages of a moved call (a "moved" message per move, a reminder at the new time) carry the
 * invitation's sequence.
 */
function messageIdOf({ kind, booking }: ClaimedBookingMail, host: string): string {
  const sequence = booking.invitation_sequence > 0 ? `.${booking.invitation_sequence}` : '';
  return `<${kind}.${booking.id}${sequence}@${host}>`;
}

/** The change and cancel links of a message that shows them, with its claim's token. */
export function callLinks(mail: ClaimedBookingMail, config: MailerConfig, language: Language): CallLinkUrls {
  const token = requireCancelToken(mail);
  return {
    change: changeLink(config.site, token, language),
    cancel: cancelLink(config.site, token, language),
  };
}

/** The cancel token of a message that shows the cancel link (claim_mail gives one), or an error. */
export function requireCancelToken(mail: ClaimedBookingMail): string {
  if (!mail.cancel_token)
    throw new Error(`claim_mail gave no cancel_token for ${mail.kind} ${mail.message_id}`);
  return mail.cancel_token;
}

/** Where a "moved" message's call was, as describeCallTime reads a call (claim_mail gives it), or an error. */
export function movedFrom({ kind, message_id, booking }: ClaimedBookingMail) {
  if (!booking.moved_from) throw new Error(`claim_mail gave no moved_from for ${kind} ${message_id}`);
  return { ...booking, starts_at: booking.moved_from.starts_at };
}

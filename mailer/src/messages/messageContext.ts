/**
 * What every message's module starts from: the claimed message and the settings (ComposeInput);
 * for a message about a booking, its recipient, their language and copy, and the call's time
 * (MessageContext).
 */
import type { SiteConfig } from 'site-config';
import type { ClaimedBookingMail, ClaimedCalendarEvent, ClaimedMail, MailBooking } from 'supabase-schema';
import type { CalendarHealth } from '../calendar/calendarHealth';
import { messageLanguage, type Language, type MailerConfig } from '../config';
import type { EventAudience } from './bookingEvent';
import { describeCallTime, type CallTime } from './callTime';
import type { CallLinkUrls } from './components/CallLinks';
import { cancelLink, changeLink, siteHost } from './links';
import type { MailAddress } from './outgoingMail';
import { visibleText } from './plainText';
import { translatorFor, type MessageSection, type Translate } from './translate';

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

/** The locale files' section of a message about a booking. */
export type BookingMessageSection = Exclude<MessageSection, 'addressCode'>;

/**
 * What a booking message's strings may name: each string takes the ones it needs. (A type, not an
 * interface: i18next's options want an index signature, which only a type alias satisfies.)
 */
export type MessageFacts = {
  /** The booker's name and company, as they typed them. */
  name: string;
  companyName: string;
  organizationName: string;
  minutes: number;
  /** The call's start in Panama, short ("Jan 4, 2027, 9:00 AM"). */
  when: string;
};

export interface MessageContext {
  booking: MailBooking;
  /** Who the message is to; the other side is its Reply-To. */
  audience: EventAudience;
  /** Its subject, preview, heading and intro (and, to the visitor, greeting) in the locale files. */
  section: BookingMessageSection;
  language: Language;
  t: Translate;
  time: CallTime;
  facts: MessageFacts;
  /** The site the message speaks for (the agency's name, phone, e-mail and address on the web). */
  site: SiteConfig;
  visitor: MailAddress;
  agency: MailAddress;
  messageId: string;
}

/** The booking with every text as it reads (plainText.ts): what a message shows of it. */
function visibleBooking(booking: MailBooking): MailBooking {
  const entries = Object.entries(booking).map(([name, value]) => [
    name,
    typeof value === 'string' ? visibleText(value) : value,
  ]);
  return Object.fromEntries(entries) as MailBooking;
}

function bookingLanguage(booking: MailBooking): Language {
  return messageLanguage(booking.language);
}

/** `audience`: the visitor (in their language) or the agency (AGENCY_LANGUAGE). */
export function messageContext(
  { mail, config }: BookingComposeInput,
  audience: EventAudience,
  section: BookingMessageSection,
): MessageContext {
  const booking = visibleBooking(mail.booking);
  const { site } = config;
  const language = audience === 'visitor' ? bookingLanguage(booking) : config.agencyLanguage;
  const time = describeCallTime(booking, language);
  return {
    booking,
    audience,
    section,
    language,
    t: translatorFor(language),
    time,
    facts: {
      name: booking.full_name,
      companyName: booking.company_name,
      organizationName: site.organizationName,
      minutes: booking.duration_minutes,
      when: time.panamaShort,
    },
    site,
    visitor: { name: booking.full_name, address: booking.email },
    agency: { name: site.organizationName, address: config.agencyInbox },
    messageId: messageIdOf(mail, siteHost(site)),
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

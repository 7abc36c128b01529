/**
 * The booking mail of 20261231090000_booking_mail.sql as the form, the mailer, the cancel page and
 * the tests use it: the headers the form sends with its insert, the mailer's RPCs and what they
 * answer, and the cancel link's two RPCs.
 */
import type { BookingRow } from './bookingRules';

/**
 * Request headers of the one booking insert, read by the database's trigger (the row of
 * docs/product.md §6 is unchanged).
 */
/** The languages the mailer writes in (private.mail_languages); anything else is mailed in English. */
export type MailLanguage = 'en' | 'es' | 'pt';

export const BOOKING_LANGUAGE_HEADER = 'x-booking-language';
export const BOOKING_TIME_ZONE_HEADER = 'x-booking-time-zone';

export const MAIL_KINDS = [
  'booking_confirmation',
  'booking_notice',
  'booking_reminder',
  'cancellation_confirmation',
  'cancellation_notice',
  // The one message an address that has not answered can receive: a code, and no text of anyone's.
  'address_code',
  // Not an e-mail: "make the agency calendar's event for this booking match the booking as it is
  // now" (20270119090000_agency_calendar_events.sql), written over CalDAV by the mailer.
  'calendar_event',
  // A call moved by its link (20270126090000_booking_moves.sql): to the visitor, to the agency.
  'move_confirmation',
  'move_notice',
] as const;

export type MailKind = (typeof MAIL_KINDS)[number];

/** A booking as a message is rendered from it (private.booking_for_mail). */
export interface MailBooking extends BookingRow {
  language: MailLanguage;
  /** The visitor's IANA time zone (America/Panama when the browser sent none or an unknown one). */
  time_zone: string;
  /** The slot's instant, ISO 8601. */
  starts_at: string;
  duration_minutes: number;
  /**
   * The SEQUENCE of the booking's one calendar event (UID booking-<id>@<site host>) as its latest
   * REQUEST carries it: 0 as booked, one more per move (bookings.invitation_sequence). A "moved"
   * message carries its own move's. Whatever writes the event (an e-mail's invitation, the
   * agency's calendar) reads it through invitationSequence().
   */
  invitation_sequence: number;
  /** Where a "moved" message's call was before its move; null for every other message. */
  moved_from: MovedFrom | null;
}

/** The slot a call was moved from. */
export interface MovedFrom {
  preferred_date: string;
  preferred_time: string;
  /** ISO 8601. */
  starts_at: string;
}

/**
 * The SEQUENCE an invitation of `booking` carries: a REQUEST the booking's own, a CANCEL one more,
 * so a calendar that holds the latest REQUEST takes the withdrawal (RFC 5546 2.1.4).
 */
export function invitationSequence(
  booking: Pick<MailBooking, 'invitation_sequence'>,
  method: 'REQUEST' | 'CANCEL',
): number {
  const sequence = booking.invitation_sequence ?? 0;
  return method === 'REQUEST' ? sequence : sequence + 1;
}

/** Where an address_code message goes, and in which language: nothing a booker typed but the address. */
export interface CodeAddress {
  email: string;
  language: MailLanguage;
  /** How long the code is accepted, from now (0: already answered, the mail is not sent). */
  valid_minutes: number;
  /**
   * The mail's one-time link (bookingAddress.ts, REDEEM_ADDRESS_LINK_FUNCTION), made with the code;
   * null when the code was already answered. Absent from a database before the link.
   */
  link?: string | null;
  /** Whole hours the link still works (at least 1). */
  link_valid_hours?: number;
}

interface ClaimedMailBase {
  message_id: number;
  /** 1 on the first try; passed back to mail_sent / mail_failed / mail_skipped. */
  attempt: number;
  /** How long it had been due when claimed, on the database's clock (null: a database before it said). */
  due_seconds: number | null;
}

/** An e-mail about a booking: every kind but address_code and calendar_event. */
export interface ClaimedBookingMail extends ClaimedMailBase {
  kind: Exclude<MailKind, 'address_code' | 'calendar_event'>;
  /**
   * A fresh link token for booking_confirmation, booking_reminder and move_confirmation, else null:
   * the message's cancel link and its change link both carry it.
   */
  cancel_token: string | null;
  booking: MailBooking;
}

/** A one-time code to prove an address: made when claimed, only its hash kept by the database. */
export interface ClaimedCodeMail extends ClaimedMailBase {
  kind: 'address_code';
  /** Six digits. */
  code: string;
  address: CodeAddress;
}

/** The agency calendar's event of a booking, to be made to match the booking (read when claimed). */
export interface ClaimedCalendarEvent extends ClaimedMailBase {
  kind: 'calendar_event';
  booking: MailBooking;
}

/** One row of POST /rest/v1/rpc/claim_mail (service role): a message leased to this mailer. */
export type ClaimedMail = ClaimedBookingMail | ClaimedCodeMail | ClaimedCalendarEvent;

/** claim_mail's row as it comes over the wire: the columns of both kinds, null where unused. */
export interface ClaimedMailRow {
  message_id: number;
  kind: MailKind;
  attempt: number;
  cancel_token: string | null;
  booking: MailBooking | null;
  code: string | null;
  address: CodeAddress | null;
  /** Absent from a database before 20270302091000_claim_mail_due_seconds.sql. */
  due_seconds?: number | null;
}

/** The one row of /rest/v1/rpc/mail_queue_stats (service role). */
export interface MailQueueStats {
  queued: number;
  due: number;
  failed: number;
  oldest_due_seconds: number | null;
  /**
   * In how many seconds the next queued message falls due (or its lease ends); zero or less: now;
   * null: none queued. Absent from a database before 20270223090000_mail_wake.sql.
   */
  next_due_seconds?: number | null;
}

/**
 * The broadcast a queued message makes (20270223090000_mail_wake.sql): the private Realtime topic
 * the mailer's service-role client joins, and its event, whose payload is {@link MailQueuedNotice}.
 */
export const MAIL_WAKE = { topic: 'mail-outbox', event: 'queued' } as const;

/** What a queued message's broadcast says: its kind and when it is due; nothing of anyone's. */
export interface MailQueuedNotice {
  kind: MailKind;
  send_after: string;
}

export const MAIL_FUNCTIONS = {
  claim: 'claim_mail',
  sent: 'mail_sent',
  failed: 'mail_failed',
  /** mail_skipped(message_id, attempt, reason): not sent on purpose (a reminder of a call that began). */
  skipped: 'mail_skipped',
  stats: 'mail_queue_stats',
  /**
   * client_address_stats(): requests whose client address could not be read, and the address
   * step's figures (service role).
   */
  clientAddress: 'client_address_stats',
} as const;

/** What client_address_stats() answers. */
export interface ClientAddressStats {
  /** Requests (challenges, code requests) whose client address could not be read, since the start. */
  unreadable_total: number;
  last_unreadable_at: string | null;
  /** Absent from a database before 20270216090000_address_step_against_strangers.sql. */
  address_step?: AddressStepStats;
}

/** The address step's figures for the operator (docs/operator.md has the alerts on them). */
export interface AddressStepStats {
  /** Times each limit refused a request, since the start (counters), by AddressCodeLimit name and code_checks_per_network. */
  refusals: Record<string, number>;
  code_mails_last_hour: number;
  /** Code checks that did not answer a pass (wrong, used up, without the attempt) in the last hour. */
  wrong_codes_last_hour: number;
  /** The most of those from one network (/24, /48) in the last hour. */
  most_wrong_codes_one_network_last_hour: number;
}

/** The cancel link's token: 32 random bytes, base64url. */
export const CANCEL_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const CANCELLATION_FUNCTIONS = {
  /** Stable: GET /rest/v1/rpc/booking_for_cancellation?token=… */
  read: 'booking_for_cancellation',
  /** POST /rest/v1/rpc/cancel_booking {"token": …} */
  cancel: 'cancel_booking',
} as const;

/**
 * open: can be cancelled · used: this link already cancelled it · cancelled: cancelled otherwise ·
 * past: the call has begun or passed · unknown: a malformed or unknown token.
 * cancel_booking answers 'cancelled' when it has just cancelled the call.
 */
export type CancellationState = 'open' | 'used' | 'cancelled' | 'past' | 'unknown';

export interface CancellationView {
  state: CancellationState;
  call: {
    preferred_date: string;
    preferred_time: string;
    starts_at: string;
    language: MailLanguage;
    time_zone: string;
  } | null;
}

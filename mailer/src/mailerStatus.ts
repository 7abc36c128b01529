import type { CalendarHealth } from './calendar/calendarHealth';
import type { WakeChannelState } from './queue/wakeChannel';

/**
 * What the mailer's three jobs last saw, for GET /health and /metrics: the mail sender and the
 * calendar writer each claim from the outbox (their last claim, their last send error, since when
 * they wait), the calendar reader keeps its reads; a job this process does not run is null.
 */
export interface MailerStatus {
  /** E-mails from the outbox: codes, confirmations, notices, reminders. */
  mailSender: ClaimStatus | null;
  /** Bookings written into the agency's calendar (the outbox's calendar_event rows). */
  calendarWriter: ClaimStatus | null;
  /** The agency's calendar read for busy times (null also when no calendar is configured). */
  calendar: CalendarHealth | null;
  /** The Realtime topic that wakes the claiming jobs when a row is queued (`off`: not used). */
  wakeChannel: WakeChannelState;
}

/** One claiming job's record. */
export interface ClaimStatus {
  lastClaimAt: Date | null;
  /** The last claim's error, null once a claim succeeds again. */
  lastClaimError: string | null;
  /** The last failed send (SMTP, or the calendar's answer), null once a send succeeds again. */
  lastSmtpError: { message: string; at: Date } | null;
  /** Since when the job has waited for work (null: a round or its question is under way). */
  idleSince: Date | null;
  /**
   * While it waits: when it looks again unless woken, and why then (`due`: a message falls due;
   * `poll`: nothing is due sooner than the poll interval).
   */
  nextRound: { at: Date; reason: 'due' | 'poll' } | null;
}

export function newClaimStatus(): ClaimStatus {
  return { lastClaimAt: null, lastClaimError: null, lastSmtpError: null, idleSince: null, nextRound: null };
}

export function newMailerStatus(): MailerStatus {
  return { mailSender: null, calendarWriter: null, calendar: null, wakeChannel: 'off' };
}

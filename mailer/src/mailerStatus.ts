import type { CalendarHealth } from './calendar/calendarHealth';

/**
 * What the mailer last saw, for GET /health and /metrics: its last claim (time, or the error), its
 * last SMTP error, and the reads of the agency's calendar.
 */
export interface MailerStatus {
  lastClaimAt: Date | null;
  /** The last claim's error, null once a claim succeeds again. */
  lastClaimError: string | null;
  /** The last failed send, null once a send succeeds again. */
  lastSmtpError: { message: string; at: Date } | null;
  /** The calendar reader's record (null: no calendar is read). */
  calendar: CalendarHealth | null;
}

export function newMailerStatus(): MailerStatus {
  return { lastClaimAt: null, lastClaimError: null, lastSmtpError: null, calendar: null };
}

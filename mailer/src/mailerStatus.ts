import type { CalendarHealth } from './calendar/calendarHealth';
import type { WakeChannelState } from './queue/wakeChannel';

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
  /** Since when the loop has waited for mail (null: a round or its question is under way). */
  idleSince: Date | null;
  /** The Realtime topic that wakes the loop when mail is queued (`off`: not used). */
  wakeChannel: WakeChannelState;
}

export function newMailerStatus(): MailerStatus {
  return {
    lastClaimAt: null,
    lastClaimError: null,
    lastSmtpError: null,
    calendar: null,
    idleSince: null,
    wakeChannel: 'off',
  };
}

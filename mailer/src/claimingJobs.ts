/**
 * The two of the mailer's jobs that claim from the outbox, and the kinds each claims: the mail
 * sender every e-mail, the calendar writer the bookings' events for the agency's calendar. Each
 * is a loop of its own (mailLoop.ts) with its own record in /health.
 */
import { MAIL_KINDS, type MailKind } from 'supabase-schema';

export type ClaimingJob = 'mail-sender' | 'calendar-writer';

export const CLAIMING_JOBS: readonly ClaimingJob[] = ['mail-sender', 'calendar-writer'];

export const KINDS_OF_JOB: Record<ClaimingJob, readonly MailKind[]> = {
  'mail-sender': MAIL_KINDS.filter((kind) => kind !== 'calendar_event'),
  'calendar-writer': ['calendar_event'],
};

/** Which job claims rows of `kind`. */
export function jobOfKind(kind: string): ClaimingJob {
  return kind === 'calendar_event' ? 'calendar-writer' : 'mail-sender';
}

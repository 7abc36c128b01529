/**
 * The mailer's Prometheus metrics, prefixed mailer_: the queue's gauges, read from
 * mail_queue_stats() at each scrape, and the counters of messages sent, failed, skipped and not
 * composed, by kind. With them, at the same scrape, one figure of the database that no other
 * process exposes: booking_requests_unreadable_client_address_total and the address step's figures
 * (addressStepMetrics.ts), from client_address_stats().
 * A registry per mailer, so two in one process (the tests) count apart.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { MAIL_KINDS, type MailKind } from 'supabase-schema';
import type { CalendarStaleness } from '../calendar/calendarHealth';
import type { Log } from '../log';
import { CLAIMING_JOBS, type ClaimingJob } from '../claimingJobs';
import type { WakeReason } from '../mailLoop';
import type { MailQueue } from '../queue/mailQueue';
import type { WakeChannelState } from '../queue/wakeChannel';
import { createAddressStepGauges } from './addressStepMetrics';
import { createClientAddressWatch } from './clientAddressWatch';

/** What could not be composed: the invitation alone (the message went without it), or the message. */
export type ComposePart = 'invitation' | 'message';

export interface MailerMetrics {
  contentType: string;
  /** The metrics' text, after reading the queue's figures. */
  text(): Promise<string>;
  /**
   * A message (or calendar event) went out; `queueToSendSeconds`, from its falling due to now, when
   * known (a database before claim_mail answered due_seconds does not say).
   */
  sent(kind: MailKind, queueToSendSeconds?: number | null): void;
  sendFailed(kind: MailKind): void;
  skipped(kind: MailKind): void;
  composeFailed(kind: MailKind, part: ComposePart): void;
  /** A wait of a claiming job's loop ended: a broadcast, a message falling due, or the poll. */
  woke(job: ClaimingJob, reason: WakeReason): void;
  /** Reads the unreadable client addresses now (the mailer does it each minute, scraped or not). */
  readClientAddresses(): Promise<void>;
}

export function createMailerMetrics(
  queue: Pick<MailQueue, 'stats' | 'clientAddressStats'>,
  log: Log,
  /** The agency calendar's reads now, or null when no calendar is read. */
  calendar: () => CalendarStaleness | null = () => null,
  /** The wake channel's state now. */
  wakeChannel: () => WakeChannelState = () => 'off',
): MailerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'mailer_' });
  const gauge = (name: string, help: string) => new Gauge({ name, help, registers: [registry] });
  const counter = (name: string, help: string, labelNames: string[]) =>
    new Counter({ name, help, labelNames, registers: [registry] });
  const up = gauge('mailer_queue_up', '1 when the last scrape could read mail_queue_stats(), else 0');
  const queued = gauge('mailer_queue_queued', 'Messages waiting to be sent (due now or later)');
  const due = gauge('mailer_queue_due', 'Messages due now (send_after passed)');
  const failed = gauge('mailer_queue_failed', 'Messages given up (status failed), kept for the operator');
  const oldestDue = gauge(
    'mailer_queue_oldest_due_age_seconds',
    'How long the oldest due message has been due (0: none)',
  );
  // A gauge: the database keeps the count, this only mirrors it, and it is NaN when unknown.
  const unreadableClientAddress = gauge(
    'booking_requests_unreadable_client_address_total',
    'Requests (challenges, code requests) whose client address the database could not read, from client_address_stats(); NaN when unknown',
  );
  const calendarLastRead = gauge(
    'mailer_agency_calendar_last_read_timestamp_seconds',
    "When the agency's calendar was last read successfully (Unix time); NaN: not since the start, or no calendar",
  );
  const calendarStale = gauge(
    'mailer_agency_calendar_stale',
    "1 when the agency's calendar has not been read for AGENCY_CALENDAR_STALE_MINUTES, else 0; NaN: no calendar",
  );
  const sent = counter(
    'mailer_sent_total',
    "Messages the SMTP server accepted, or calendar events the agency's calendar took, by kind",
    ['kind'],
  );
  const queueToSend = new Histogram({
    name: 'mailer_queue_to_send_seconds',
    help: 'From a message falling due (queued, or its retry or reminder time) to its send, by kind',
    labelNames: ['kind'],
    buckets: [0.25, 0.5, 1, 2, 5, 10, 30, 60, 300, 1800],
    registers: [registry],
  });
  const failures = counter('mailer_send_failures_total', 'Tries that failed (rendering or SMTP), by kind', [
    'kind',
  ]);
  const skips = counter('mailer_skipped_total', 'Messages not sent on purpose (mail_skipped), by kind', [
    'kind',
  ]);
  const composeFailures = counter(
    'mailer_compose_failures_total',
    'Messages that could not be composed, by kind and part: invitation (sent without it) or message (not sent, retried)',
    ['kind', 'part'],
  );
  for (const kind of MAIL_KINDS) {
    sent.inc({ kind }, 0);
    failures.inc({ kind }, 0);
    skips.inc({ kind }, 0);
    for (const part of ['invitation', 'message'] satisfies ComposePart[])
      composeFailures.inc({ kind, part }, 0);
  }
  const wakeChannelJoined = gauge(
    'mailer_wake_channel_joined',
    'The Realtime topic that wakes the mailer when mail is queued: 1 joined, 0 joining or down (the poll alone finds mail), NaN not used',
  );
  const wakeups = counter(
    'mailer_wakeups_total',
    'Waits of a claiming job ended, by job (mail-sender, calendar-writer) and reason: queued (a broadcast), due (a message fell due), poll (MAILER_POLL_INTERVAL_MS)',
    ['job', 'reason'],
  );
  for (const job of CLAIMING_JOBS)
    for (const reason of ['queued', 'due', 'poll'] satisfies WakeReason[]) wakeups.inc({ job, reason }, 0);
  const clientAddressWatch = createClientAddressWatch(log);
  const addressStep = createAddressStepGauges(registry);

  async function readQueue(): Promise<void> {
    try {
      const stats = await queue.stats();
      queued.set(stats.queued);
      due.set(stats.due);
      failed.set(stats.failed);
      oldestDue.set(stats.oldest_due_seconds ?? 0);
      up.set(1);
    } catch {
      // Unknown, not the last figures (they would look current); mailer_queue_up says why.
      for (const figure of [queued, due, failed, oldestDue]) figure.set(Number.NaN);
      up.set(0);
    }
  }

  function readCalendar(): void {
    const reads = calendar();
    calendarLastRead.set(reads?.lastReadAt ? reads.lastReadAt.getTime() / 1000 : Number.NaN);
    calendarStale.set(reads ? Number(reads.stale) : Number.NaN);
  }

  async function readClientAddresses(): Promise<void> {
    let total = Number.NaN;
    let stats = null;
    try {
      // null: a backend without the function (its migration not applied): unknown, and no error.
      stats = await queue.clientAddressStats();
      total = stats?.unreadable_total ?? Number.NaN;
    } catch {
      // Unknown as well; mailer_queue_up tells whether the backend answers at all.
    }
    unreadableClientAddress.set(total);
    addressStep.set(stats?.address_step);
    if (Number.isFinite(total)) clientAddressWatch.saw(total);
  }

  return {
    contentType: registry.contentType,
    text: async () => {
      readCalendar();
      const channel = wakeChannel();
      wakeChannelJoined.set(channel === 'off' ? Number.NaN : Number(channel === 'joined'));
      await Promise.all([readQueue(), readClientAddresses()]);
      return registry.metrics();
    },
    sent: (kind, queueToSendSeconds = null) => {
      sent.inc({ kind });
      if (queueToSendSeconds !== null) queueToSend.observe({ kind }, queueToSendSeconds);
    },
    sendFailed: (kind) => failures.inc({ kind }),
    skipped: (kind) => skips.inc({ kind }),
    composeFailed: (kind, part) => composeFailures.inc({ kind, part }),
    woke: (job, reason) => wakeups.inc({ job, reason }),
    readClientAddresses,
  };
}

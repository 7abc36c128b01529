/**
 * The mailer's Prometheus metrics, prefixed mailer_: the queue's gauges, read from
 * mail_queue_stats() at each scrape, and the counters of messages sent and failed by kind. A
 * registry per mailer, so two in one process (the tests) count apart.
 */
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import { MAIL_KINDS, type MailKind } from 'supabase-schema';
import type { MailQueue } from '../queue/mailQueue';

export interface MailerMetrics {
  contentType: string;
  /** The metrics' text, after reading the queue's figures. */
  text(): Promise<string>;
  sent(kind: MailKind): void;
  sendFailed(kind: MailKind): void;
}

export function createMailerMetrics(queue: Pick<MailQueue, 'stats'>): MailerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'mailer_' });
  const gauge = (name: string, help: string) => new Gauge({ name, help, registers: [registry] });
  const up = gauge('mailer_queue_up', '1 when the last scrape could read mail_queue_stats(), else 0');
  const queued = gauge('mailer_queue_queued', 'Messages waiting to be sent (due now or later)');
  const due = gauge('mailer_queue_due', 'Messages due now (send_after passed)');
  const failed = gauge('mailer_queue_failed', 'Messages given up (status failed), kept for the operator');
  const oldestDue = gauge(
    'mailer_queue_oldest_due_age_seconds',
    'How long the oldest due message has been due (0: none)',
  );
  const sent = new Counter({
    name: 'mailer_sent_total',
    help: 'Messages the SMTP server accepted, by kind',
    labelNames: ['kind'],
    registers: [registry],
  });
  const failures = new Counter({
    name: 'mailer_send_failures_total',
    help: 'Tries that failed (rendering or SMTP), by kind',
    labelNames: ['kind'],
    registers: [registry],
  });
  for (const kind of MAIL_KINDS) {
    sent.inc({ kind }, 0);
    failures.inc({ kind }, 0);
  }

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

  return {
    contentType: registry.contentType,
    text: async () => {
      await readQueue();
      return registry.metrics();
    },
    sent: (kind) => sent.inc({ kind }),
    sendFailed: (kind) => failures.inc({ kind }),
  };
}

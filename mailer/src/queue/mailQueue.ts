/**
 * The database's mail outbox as the mailer reaches it: the four RPCs of
 * 20261231090000_booking_mail.sql (claim_mail, mail_sent, mail_failed, mail_queue_stats) called with
 * the service key through supabase-js, i.e. real HTTP to PostgREST, locally and on hosted Supabase.
 * Every failure (the backend down, a refusal) is thrown as a QueueError.
 */
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { MAIL_FUNCTIONS, type ClaimedMail, type MailQueueStats } from 'supabase-schema';

export interface MailQueue {
  /** Leases up to `batchSize` due messages for `leaseSeconds`. */
  claim(batchSize: number, leaseSeconds: number): Promise<ClaimedMail[]>;
  /** False: the claim was no longer ours (its lease ended and another claim took the message). */
  sent(messageId: number, attempt: number): Promise<boolean>;
  /** `retryAfterSeconds` null gives the message up (status failed). False: not ours any more. */
  failed(
    messageId: number,
    attempt: number,
    error: string,
    retryAfterSeconds: number | null,
  ): Promise<boolean>;
  stats(): Promise<MailQueueStats>;
}

export class QueueError extends Error {
  constructor(rpc: string, message: string) {
    super(`${rpc}: ${message}`);
    this.name = 'QueueError';
  }
}

export function createMailQueue(supabaseUrl: string, serviceRoleKey: string): MailQueue {
  const client = createClient(supabaseUrl, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Never used (RPCs only), but supabase-js builds its realtime client eagerly, and Node 20 has
    // no WebSocket of its own.
    realtime: { transport: WebSocket as never },
  });

  async function call<T>(rpc: string, args: Record<string, unknown>): Promise<T> {
    let answer;
    try {
      answer = await client.rpc(rpc, args);
    } catch (error) {
      throw new QueueError(rpc, (error as Error).message);
    }
    if (answer.error) {
      const { code, message, details } = answer.error;
      // A network failure's details carry a stack: its cause line is enough.
      const lines = (details ?? '').split('\n').filter(Boolean);
      const detail = lines.find((line) => line.startsWith('Caused by:')) ?? lines[0];
      throw new QueueError(rpc, [code, message, detail === message ? '' : detail].filter(Boolean).join(' '));
    }
    return answer.data as T;
  }

  return {
    claim: async (batchSize, leaseSeconds) =>
      (await call<ClaimedMail[] | null>(MAIL_FUNCTIONS.claim, {
        batch_size: batchSize,
        lease_seconds: leaseSeconds,
      })) ?? [],
    sent: (messageId, attempt) => call<boolean>(MAIL_FUNCTIONS.sent, { message_id: messageId, attempt }),
    failed: (messageId, attempt, error, retryAfterSeconds) =>
      call<boolean>(MAIL_FUNCTIONS.failed, {
        message_id: messageId,
        attempt,
        error,
        retry_after_seconds: retryAfterSeconds,
      }),
    stats: async () => {
      const rows = await call<MailQueueStats[] | MailQueueStats>(MAIL_FUNCTIONS.stats, {});
      const row = Array.isArray(rows) ? rows[0] : rows;
      if (!row) throw new QueueError(MAIL_FUNCTIONS.stats, 'answered no row');
      return {
        queued: Number(row.queued),
        due: Number(row.due),
        failed: Number(row.failed),
        oldest_due_seconds: row.oldest_due_seconds === null ? null : Number(row.oldest_due_seconds),
      };
    },
  };
}

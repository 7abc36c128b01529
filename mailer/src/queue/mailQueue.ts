/**
 * The database's mail outbox as the mailer reaches it: the RPCs of the mail contract
 * (supabase-schema's MAIL_FUNCTIONS: claim_mail, mail_sent, mail_failed, mail_skipped,
 * mail_queue_stats, client_address_stats) called with the service key through supabase-js, i.e. real
 * HTTP to PostgREST, locally and on hosted Supabase. Every failure (the backend down, a refusal) is
 * thrown as a QueueError.
 */
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import {
  MAIL_FUNCTIONS,
  type ClaimedMail,
  type ClaimedMailRow,
  type ClientAddressStats,
  type MailKind,
  type MailQueueStats,
} from 'supabase-schema';
import { isMisfit, readClaimedRow, type MisfitRow } from './claimedMail';

/** What one claim leased: the messages to send, and the rows that fit no kind (to give up). */
export interface ClaimedBatch {
  mail: ClaimedMail[];
  misfits: MisfitRow[];
}

export interface MailQueue {
  /** Leases up to `batchSize` due messages for `leaseSeconds`. */
  /** `kinds`: only these kinds of the outbox (null: every kind). */
  claim(batchSize: number, leaseSeconds: number, kinds?: readonly MailKind[] | null): Promise<ClaimedBatch>;
  /** False: the claim was no longer ours (its lease ended and another claim took the message). */
  sent(messageId: number, attempt: number): Promise<boolean>;
  /** `retryAfterSeconds` null gives the message up (status failed). False: not ours any more. */
  failed(
    messageId: number,
    attempt: number,
    error: string,
    retryAfterSeconds: number | null,
  ): Promise<boolean>;
  /** Not sent on purpose (status skipped, with the reason). False: not ours any more. */
  skipped(messageId: number, attempt: number, reason: string): Promise<boolean>;
  /** The outbox's figures, of `kinds` only (null: every kind). */
  stats(kinds?: readonly MailKind[] | null): Promise<MailQueueStats>;
  /** Requests whose client address could not be read; null when the backend has no such RPC yet. */
  clientAddressStats(): Promise<ClientAddressStats | null>;
}

export class QueueError extends Error {
  constructor(
    rpc: string,
    message: string,
    /** The HTTP status PostgREST answered, when it answered. */
    readonly status?: number,
    /** PostgREST's error code (PGRST202: no such function). */
    readonly code?: string,
  ) {
    super(`${rpc}: ${message}`);
    this.name = 'QueueError';
  }
}

/** The backend does not know the function (PostgREST's 404 PGRST202): a migration not applied yet. */
function isUnknownFunction(error: unknown): boolean {
  return error instanceof QueueError && (error.code === 'PGRST202' || error.status === 404);
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
      throw new QueueError(
        rpc,
        [code, message, detail === message ? '' : detail].filter(Boolean).join(' '),
        answer.status,
        code,
      );
    }
    return answer.data as T;
  }

  return {
    claim: async (batchSize, leaseSeconds, kinds = null) => {
      const rows =
        (await call<ClaimedMailRow[] | null>(MAIL_FUNCTIONS.claim, {
          batch_size: batchSize,
          lease_seconds: leaseSeconds,
          ...(kinds ? { kinds } : {}),
        })) ?? [];
      const batch: ClaimedBatch = { mail: [], misfits: [] };
      for (const claimed of rows.map(readClaimedRow)) {
        if (isMisfit(claimed)) batch.misfits.push(claimed);
        else batch.mail.push(claimed);
      }
      return batch;
    },
    sent: (messageId, attempt) => call<boolean>(MAIL_FUNCTIONS.sent, { message_id: messageId, attempt }),
    failed: (messageId, attempt, error, retryAfterSeconds) =>
      call<boolean>(MAIL_FUNCTIONS.failed, {
        message_id: messageId,
        attempt,
        error,
        retry_after_seconds: retryAfterSeconds,
      }),
    skipped: (messageId, attempt, reason) =>
      call<boolean>(MAIL_FUNCTIONS.skipped, { message_id: messageId, attempt, reason }),
    stats: async (kinds = null) => {
      const rows = await call<MailQueueStats[] | MailQueueStats>(
        MAIL_FUNCTIONS.stats,
        kinds ? { kinds } : {},
      );
      const row = Array.isArray(rows) ? rows[0] : rows;
      if (!row) throw new QueueError(MAIL_FUNCTIONS.stats, 'answered no row');
      return {
        queued: Number(row.queued),
        due: Number(row.due),
        failed: Number(row.failed),
        oldest_due_seconds: row.oldest_due_seconds === null ? null : Number(row.oldest_due_seconds),
        next_due_seconds:
          row.next_due_seconds === null || row.next_due_seconds === undefined
            ? null
            : Number(row.next_due_seconds),
      };
    },
    clientAddressStats: async () => {
      let answer;
      try {
        answer = await call<ClientAddressStats | ClientAddressStats[] | null>(
          MAIL_FUNCTIONS.clientAddress,
          {},
        );
      } catch (error) {
        if (isUnknownFunction(error)) return null;
        throw error;
      }
      const row = Array.isArray(answer) ? answer[0] : answer;
      if (!row) throw new QueueError(MAIL_FUNCTIONS.clientAddress, 'answered nothing');
      return {
        unreadable_total: Number(row.unreadable_total),
        last_unreadable_at: row.last_unreadable_at ?? null,
      };
    },
  };
}

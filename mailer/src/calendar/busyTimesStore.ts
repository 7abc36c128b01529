/**
 * Where the calendar reader writes: public.replace_busy_times() (service role only), called with
 * the service key through supabase-js, as the mail queue's RPCs are (queue/mailQueue.ts).
 */
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import {
  REPLACE_BUSY_TIMES_FUNCTION,
  type BusyInterval,
  type ReplaceBusyTimesArguments,
} from 'supabase-schema';

export interface BusyTimesStore {
  /** How many intervals the source holds now; null: a newer read was recorded first. */
  replace(source: string, intervals: BusyInterval[], readAt: Date): Promise<number | null>;
}

export class BusyTimesStoreError extends Error {
  constructor(message: string) {
    super(`${REPLACE_BUSY_TIMES_FUNCTION}: ${message}`);
    this.name = 'BusyTimesStoreError';
  }
}

export function createBusyTimesStore(supabaseUrl: string, serviceRoleKey: string): BusyTimesStore {
  const client = createClient(supabaseUrl, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Never used (RPCs only), but supabase-js builds its realtime client eagerly.
    realtime: { transport: WebSocket as never },
  });
  return {
    async replace(source, intervals, readAt) {
      const args: ReplaceBusyTimesArguments = { source, intervals, read_at: readAt.toISOString() };
      const answer = await client.rpc(REPLACE_BUSY_TIMES_FUNCTION, args).then(
        (result) => result,
        (error: unknown) => {
          throw new BusyTimesStoreError((error as Error).message);
        },
      );
      if (answer.error) {
        throw new BusyTimesStoreError(`${answer.error.code} ${answer.error.message}`);
      }
      return answer.data === null ? null : Number(answer.data);
    },
  };
}

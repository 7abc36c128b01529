import type { Database } from './Database';

/** The longest delay setInterval keeps; a longer one would fire at once, every millisecond. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * Deletes the abuse limits' log rows older than the longest limit window: the function the
 * migration has pg_cron run on hosted Supabase. Answers how many rows went.
 */
export async function pruneBookingRequests(database: Database): Promise<number> {
  const [row] = await database.query('select private.prune_booking_requests() as pruned');
  return Number(row?.pruned);
}

export interface PruneTimer {
  /** Stops the timer and waits for a prune under way, so the database can be closed after it. */
  stop(): Promise<void>;
}

/**
 * The local stand-in for the migration's pg_cron job: prunes every `everyMs`, one prune at a time.
 * The timer does not keep Node alive; a failed prune is reported and tried again next time.
 */
export function pruneBookingRequestsEvery(database: Database, everyMs: number): PruneTimer {
  if (!Number.isFinite(everyMs) || everyMs <= 0 || everyMs > LONGEST_TIMER_MS) {
    throw new RangeError(`pruneBookingRequestsEveryMs must be 1 to ${LONGEST_TIMER_MS}, not ${everyMs}`);
  }
  let latest: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    latest = latest
      .then(() => pruneBookingRequests(database))
      .then(
        () => undefined,
        (error: unknown) => console.error('[local-backend] could not prune private.booking_requests:', error),
      );
  }, everyMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await latest;
    },
  };
}

/**
 * The mailer's loop: a round (drainOnce) now, then again at once after a round that claimed
 * something. After a round that found nothing it waits for whichever comes first: a queued
 * message's broadcast (wake()), the next message falling due (mail_queue_stats' next_due_seconds,
 * or a broadcast's send_after), or MAILER_POLL_INTERVAL_MS, the net beneath a lost broadcast.
 * Rounds never overlap: drain() (a round on demand) waits for the one under way. stop() wakes the
 * wait, lets the round under way finish the message in hand (drainOnce releases the rest) and
 * resolves when the loop has ended.
 */
import { drainOnce, type DrainDependencies, type RoundResult } from './drainOnce';

/** Why the loop ran a round after a wait: a broadcast, a message falling due, or the poll. */
export type WakeReason = 'queued' | 'due' | 'poll';

/**
 * How far ahead of this process's clock a notice may say "due" and still mean now: the database's
 * clock is another machine's (or, locally, PGlite's), a little ahead at times.
 */
const CLOCK_SKEW_MS = 1_000;

export interface MailLoop {
  start(): void;
  /** One claim-send round now (after the one under way); how many messages were sent. */
  drain(): Promise<number>;
  /** A message was queued, due at `dueAt` (ms since the epoch): a round then, not at the poll. */
  wake(dueAt?: number): void;
  stop(): Promise<void>;
}

export interface MailLoopDependencies extends Omit<DrainDependencies, 'stopping'> {
  /** Counts each wait's end by its reason (the metrics' mailer_wakeups_total). */
  woke?: (reason: WakeReason) => void;
}

export function createMailLoop(deps: MailLoopDependencies): MailLoop {
  let stopping = false;
  let running: Promise<void> | null = null;
  let lastRound: Promise<unknown> = Promise.resolve();
  /** Ends the wait under way, with its reason. */
  let endWait: ((reason: WakeReason) => void) | null = null;
  /** A broadcast came during a round: the row may have been committed after its claim. */
  let queuedDuringRound = false;
  /** The timer of the earliest message a broadcast said falls due later. */
  let dueTimer: { at: number; timer: NodeJS.Timeout } | null = null;
  const dependencies: DrainDependencies = { ...deps, stopping: () => stopping };

  /** Rounds run one after another, whoever asks. */
  function round(): Promise<RoundResult> {
    const next = lastRound.then(() => drainOnce(dependencies));
    lastRound = next.catch(() => undefined);
    return next;
  }

  function wait(ms: number, reason: 'due' | 'poll'): Promise<WakeReason> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(reason), Math.max(ms, 0));
      function done(why: WakeReason) {
        clearTimeout(timer);
        endWait = null;
        deps.status.idleSince = null;
        deps.status.nextRound = null;
        resolve(why);
      }
      endWait = done;
      deps.status.idleSince = new Date();
      deps.status.nextRound = { at: new Date(Date.now() + Math.max(ms, 0)), reason };
    });
  }

  /** How long to wait after an idle round: until the next message falls due, at most a poll. */
  async function idleWait(): Promise<{ ms: number; reason: 'due' | 'poll' }> {
    const poll = deps.config.pollIntervalMs;
    try {
      // Its own kinds only: another job's due row is not this loop's to wake for.
      const next = (await deps.queue.stats(deps.kinds)).next_due_seconds;
      if (next !== null && next !== undefined && next * 1000 < poll)
        return { ms: next * 1000, reason: 'due' };
    } catch {
      // The database cannot tell: the poll finds the mail.
    }
    return { ms: poll, reason: 'poll' };
  }

  async function loop(): Promise<void> {
    while (!stopping) {
      let result: RoundResult | null = null;
      queuedDuringRound = false;
      try {
        result = await round();
      } catch (error) {
        // drainOnce handles its own failures; this is a bug, and the loop must outlive it.
        deps.log.error(`a round failed unexpectedly: ${(error as Error).stack ?? String(error)}`);
      }
      if (stopping) break;
      const idle = !result || result.claimed === 0 || result.claimFailed;
      if (!idle) continue;
      // A failed claim waits the full poll: the database is down or refusing.
      const { ms, reason } = result?.claimFailed
        ? { ms: deps.config.pollIntervalMs, reason: 'poll' as const }
        : await idleWait();
      if (stopping) break;
      // A broadcast during the round or the question: its row may have come after the claim.
      if (queuedDuringRound && !result?.claimFailed) {
        deps.woke?.('queued');
        continue;
      }
      deps.woke?.(await wait(ms, reason));
    }
  }

  function wakeNow(reason: WakeReason): void {
    if (endWait) endWait(reason);
    else queuedDuringRound = true;
  }

  return {
    start() {
      running ??= loop();
    },
    async drain() {
      if (stopping) return 0;
      return (await round()).sent;
    },
    wake(dueAt = Date.now()) {
      if (stopping) return;
      const wait = dueAt - Date.now();
      if (wait <= CLOCK_SKEW_MS) return wakeNow('queued');
      // Due after the next poll: the idle wait's next_due_seconds will see it.
      if (wait > deps.config.pollIntervalMs) return;
      if (dueTimer && dueTimer.at <= dueAt) return;
      if (dueTimer) clearTimeout(dueTimer.timer);
      const timer = setTimeout(() => {
        dueTimer = null;
        wakeNow('due');
      }, wait);
      timer.unref();
      dueTimer = { at: dueAt, timer };
    },
    async stop() {
      stopping = true;
      if (dueTimer) clearTimeout(dueTimer.timer);
      endWait?.('poll');
      await running;
      await lastRound;
    },
  };
}

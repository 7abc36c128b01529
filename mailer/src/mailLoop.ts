/**
 * The mailer's loop: a round (drainOnce) now, then again at once after a round that claimed
 * something, else after MAILER_POLL_INTERVAL_MS. Rounds never overlap: drain() (a round on demand)
 * waits for the one under way. stop() wakes the wait, lets the round under way finish the message
 * in hand (drainOnce releases the rest) and resolves when the loop has ended.
 */
import { drainOnce, type DrainDependencies, type RoundResult } from './drainOnce';

export interface MailLoop {
  start(): void;
  /** One claim-send round now (after the one under way); how many messages were sent. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

export function createMailLoop(deps: Omit<DrainDependencies, 'stopping'>): MailLoop {
  let stopping = false;
  let running: Promise<void> | null = null;
  let lastRound: Promise<unknown> = Promise.resolve();
  let wake: (() => void) | null = null;
  const dependencies: DrainDependencies = { ...deps, stopping: () => stopping };

  /** Rounds run one after another, whoever asks. */
  function round(): Promise<RoundResult> {
    const next = lastRound.then(() => drainOnce(dependencies));
    lastRound = next.catch(() => undefined);
    return next;
  }

  function pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });
  }

  async function loop(): Promise<void> {
    while (!stopping) {
      let result: RoundResult | null = null;
      try {
        result = await round();
      } catch (error) {
        // drainOnce handles its own failures; this is a bug, and the loop must outlive it.
        deps.log.error(`a round failed unexpectedly: ${(error as Error).stack ?? String(error)}`);
      }
      if (stopping) break;
      if (!result || result.claimed === 0 || result.claimFailed) await pause(deps.config.pollIntervalMs);
    }
  }

  return {
    start() {
      running ??= loop();
    },
    async drain() {
      if (stopping) return 0;
      return (await round()).sent;
    },
    async stop() {
      stopping = true;
      wake?.();
      await running;
      await lastRound;
    },
  };
}

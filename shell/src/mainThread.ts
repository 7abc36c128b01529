// Owns how the browser's main thread is shared with the visitor: start-up work in pieces short
// enough that a tap between them is answered at once, and work that can wait in an idle period.

interface Scheduler {
  yield(): Promise<void>;
}

/**
 * Ends the current task and resumes in a new one, so a tap or a frame waiting behind it goes
 * first. `scheduler.yield()` resumes ahead of other queued work where the browser has it (Chromium
 * 129+); elsewhere a zero timeout, which resumes after it.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Runs `work` when the browser is next idle (at the latest after 5 s), or soon where it cannot tell. */
export function whenIdle(work: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(work, { timeout: 5000 });
  else setTimeout(work, 200);
}

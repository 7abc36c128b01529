interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * Resolves in a task of its own, so the browser may paint and answer a tap between two pieces of
 * start-up work: on a phone each piece is then a short task instead of one long one.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

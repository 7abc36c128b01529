// Owns how the browser's work that can wait is scheduled: in an idle period, so it never shares a
// task with the visitor's own.

/** Runs `work` when the browser is next idle (at the latest after 5 s), or soon where it cannot tell. */
export function whenIdle(work: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(work, { timeout: 5000 });
  else setTimeout(work, 200);
}

// The first page's moments in the browser: the performance marks the benchmark and the e2e suite
// wait for, and the promise later work (preloads, Web Vitals) waits on, so it never delays that page.
import type { RemotePageId } from './remoteContracts';
import performanceMarks from './performanceMarks.json';

let markFirstPageSettled: () => void = () => undefined;
const firstPageSettled = new Promise<void>((resolve) => {
  markFirstPageSettled = resolve;
});

/**
 * The performance mark set when the first page is on screen and interactive (hydrated, or
 * rendered in the browser): what the size budget and the benchmark count a first load up to. Its
 * name, like the other marks', is read from one file by the shell, the benchmark and the e2e suite.
 */
export const FIRST_PAGE_INTERACTIVE_MARK = performanceMarks.firstPageInteractive;

/**
 * Marks the start of the first render (hydration, or rendering in the browser): the benchmark's
 * phone trace measures the main thread's work from here to the interactive mark.
 */
export function firstRenderStarts(): void {
  performance.mark(performanceMarks.firstRenderStart);
}

/** Told by a page once it is on screen. */
export function pageShown(): void {
  if (performance.getEntriesByName(FIRST_PAGE_INTERACTIVE_MARK).length === 0) {
    performance.mark(FIRST_PAGE_INTERACTIVE_MARK);
  }
  markFirstPageSettled();
}

/** Told by a page's "temporarily unavailable" panel once on screen: the first page has settled too. */
export function pageUnavailableShown(): void {
  markFirstPageSettled();
}

/**
 * Settles once the first page (or its panel) is on screen, so later work never delays it; at
 * once for the 404 page (no remote page).
 */
export function afterFirstPage(page: RemotePageId | null): Promise<void> {
  return page ? firstPageSettled : Promise.resolve();
}

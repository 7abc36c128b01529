import type { ReactPromise } from 'react';
import { loadRemotePage } from './loadRemotePage';
import type { RemotePageId, RemotePageModule } from './remoteContracts';
import performanceMarks from './performanceMarks.json';

/**
 * A page load React can read at once when it has finished: `use()` returns the value of a promise
 * marked fulfilled without suspending, so a preloaded page replaces the old one in the same frame
 * instead of after a loading state (React holds a shown fallback for at least 300 ms).
 */
type PageLoad = Promise<RemotePageModule> & {
  status: 'pending' | 'fulfilled' | 'rejected';
  value?: RemotePageModule;
  reason?: unknown;
};

interface Entry {
  load: PageLoad;
  /** A page on screen reads the load; only its boundary may then forget a failure. */
  shown: boolean;
}

const loads = new Map<RemotePageId, Entry>();

function start(page: RemotePageId): Entry {
  let entry = loads.get(page);
  if (!entry) {
    const load: PageLoad = Object.assign(loadRemotePage(page), { status: 'pending' as const });
    load.then(
      (value) => Object.assign(load, { status: 'fulfilled', value }),
      (reason: unknown) => Object.assign(load, { status: 'rejected', reason }),
    );
    entry = { load, shown: false };
    loads.set(page, entry);
  }
  return entry;
}

/**
 * The load of a page being shown: one per page, kept across navigations. A failure stays cached
 * until the page's boundary has caught it (a fresh promise on every render would make React retry
 * forever); `forgetPageLoad` then lets Retry, or a later visit, load it afresh.
 */
export function pageLoad(page: RemotePageId): ReactPromise<RemotePageModule> {
  const entry = start(page);
  entry.shown = true;
  // Its status and value are kept in step with the promise above, as React's type describes.
  return entry.load as ReactPromise<RemotePageModule>;
}

export function forgetPageLoad(page: RemotePageId): void {
  loads.delete(page);
}

/** Starts loading a page ahead of a visit. A failed preload is simply dropped. */
export function preloadPage(page: RemotePageId): void {
  const entry = start(page);
  entry.load.catch(() => {
    if (!entry.shown && loads.get(page) === entry) loads.delete(page);
  });
}

/**
 * The page's module once loaded, or null if it failed (its route then shows the failure, with
 * Retry): what the page's route loader waits for before the router shows the page.
 */
export function settledPageModule(page: RemotePageId): Promise<RemotePageModule | null> {
  return start(page).load.then(
    (module) => module,
    () => null,
  );
}

const nothing = () => undefined;

let markFirstPageShown: () => void = nothing;
const firstPageShown = new Promise<void>((resolve) => {
  markFirstPageShown = resolve;
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
  markFirstPageShown();
}

/**
 * Settles once the first page is on screen (or has failed to load), so later work never delays
 * it; at once for the 404 page (no remote page).
 */
export function afterFirstPage(page: RemotePageId | null): Promise<void> {
  return page ? start(page).load.then(() => firstPageShown, nothing) : Promise.resolve();
}

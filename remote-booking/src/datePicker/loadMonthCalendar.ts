// Where the month grid's chunk is asked for: by the picker when it opens, and ahead of that when a
// pointer or the focus reaches its button, or the page is idle. Asked once; later calls share it.

import type * as MonthCalendarModule from './MonthCalendar';

let loading: Promise<typeof MonthCalendarModule> | null = null;

export function loadMonthCalendar(): Promise<typeof MonthCalendarModule> {
  loading ??= import(/* webpackChunkName: "month-calendar" */ './MonthCalendar').catch((error: unknown) => {
    loading = null; // A failed download is tried again at the next ask.
    throw error;
  });
  return loading;
}

/** Starts the month grid's download ahead of need; a failure is ignored, as the picker asks again when it opens. */
export function prefetchMonthCalendar(): void {
  void loadMonthCalendar().catch(() => undefined);
}

/**
 * Downloads the month grid once the form is on screen and the browser idle (at the latest a second
 * later), so a first tap finds it there: a visitor fills in their name before choosing a day.
 */
export function loadMonthCalendarWhenIdle(): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(prefetchMonthCalendar, { timeout: 1000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(prefetchMonthCalendar, 200);
  return () => window.clearTimeout(id);
}

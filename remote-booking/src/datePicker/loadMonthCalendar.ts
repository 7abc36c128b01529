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

/**
 * Downloads the month grid once the form is on screen and the browser idle (at the latest a second
 * later), so a first tap finds it there: a visitor fills in their name before choosing a day.
 */
export function loadMonthCalendarWhenIdle(): () => void {
  const load = () => void loadMonthCalendar().catch(() => undefined);
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(load, { timeout: 1000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(load, 200);
  return () => window.clearTimeout(id);
}

/**
 * The phone trace: one load on the throttled phone (CPU 4×, slow 4G), traced by Chromium, read as
 * the main thread's tasks and the shell's marks, plus the page's own paint and interactive times;
 * the trace's first frame at or after first paint is saved (firstFrame.mjs).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import performanceMarks from 'shell/performance-marks' with { type: 'json' };
import { inPage, openThrottledPhone, waitForInteractive } from './phoneEmulation.mjs';
import { firstFrameAfterPaint, SCREENSHOT_CATEGORY } from './firstFrame.mjs';

/** How long the trace goes on after the interactive mark: the effects and idle work that follow it. */
const AFTER_INTERACTIVE_MS = 2000;
/** A task longer than this blocks input (the definition Lighthouse's TBT uses). */
const BLOCKING_AFTER_MS = 50;

const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'v8.execute',
  // Every frame drawn, as a JPEG: the first one at or after first paint is kept.
  SCREENSHOT_CATEGORY,
];

/**
 * @typedef {{ name: string, ph: string, ts: number, dur?: number, pid: number, tid: number, args?: any }} TraceEvent
 */

/**
 * The renderer's main thread of the page: the thread that set the interactive mark.
 * @param {TraceEvent[]} events
 */
function pageMainThread(events) {
  const mark = events.find((event) => event.name === performanceMarks.firstPageInteractive);
  if (!mark) throw new Error('The trace has no interactive mark');
  const main = events.find(
    (event) =>
      event.ph === 'M' &&
      event.name === 'thread_name' &&
      event.pid === mark.pid &&
      event.args?.name === 'CrRendererMain',
  );
  return { pid: mark.pid, tid: main?.tid ?? mark.tid };
}

/**
 * What the page's main thread did, from one Chrome trace: its tasks, and the marks the shell sets.
 * @param {TraceEvent[]} events
 */
export function mainThreadFigures(events) {
  const { pid, tid } = pageMainThread(events);
  const onMain = events.filter((event) => event.pid === pid && event.tid === tid);
  const markAt = (/** @type {string} */ name) => onMain.find((event) => event.name === name)?.ts ?? NaN;
  const renderStart = markAt(performanceMarks.firstRenderStart);
  const interactive = markAt(performanceMarks.firstPageInteractive);
  const tasks = onMain.filter(
    (event) => event.ph === 'X' && event.name === 'RunTask' && (event.dur ?? 0) > 0,
  );
  const ms = (/** @type {number} */ microseconds) => microseconds / 1000;
  /** The part of each task that falls between two instants. */
  const busyBetween = (/** @type {number} */ from, /** @type {number} */ to) =>
    tasks.reduce((sum, task) => {
      const start = Math.max(task.ts, from);
      const end = Math.min(task.ts + (task.dur ?? 0), to);
      return sum + Math.max(0, end - start);
    }, 0);
  const evaluations = onMain.filter(
    (event) =>
      event.ph === 'X' &&
      (event.name === 'EvaluateScript' || event.name === 'v8.evaluateModule') &&
      event.ts < interactive,
  );
  return {
    /** Main-thread work until the page is interactive: parsing, scripts, rendering, all of it. */
    traceUntilInteractiveMs: ms(busyBetween(-Infinity, interactive)),
    /** Running the scripts' top-level code (their modules register; the entry starts the app). */
    traceScriptEvaluationMs: ms(evaluations.reduce((sum, event) => sum + (event.dur ?? 0), 0)),
    /** From the first render's start (hydration; the monolith renders in the browser) to interactive. */
    traceFirstRenderMs: ms(busyBetween(renderStart, interactive)),
    /** As Lighthouse's TBT: every task's time past 50 ms, until the page has been quiet a while. */
    traceBlockingMs: ms(
      tasks.reduce((sum, task) => sum + Math.max(0, (task.dur ?? 0) - BLOCKING_AFTER_MS * 1000), 0),
    ),
    traceLongestTaskMs: ms(Math.max(0, ...tasks.map((task) => task.dur ?? 0))),
  };
}

/**
 * When the page painted first, read in the page: first contentful paint from the navigation's start.
 * @param {import('playwright-core').Page} page
 */
function firstContentfulPaint(page) {
  return inPage(
    page,
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    null,
  );
}

/**
 * Runs in the page before its own scripts: keeps every task over 50 ms the browser reports (the
 * Long Tasks API), from the navigation's start.
 */
function keepLongTasks() {
  const tasks = /** @type {{ start: number, duration: number }[]} */ ([]);
  /** @type {any} */ (globalThis).benchLongTasks = tasks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}

/**
 * The longest task begun after first paint, as the page itself saw it; 0 when none was over 50 ms
 * (the Long Tasks API reports no shorter one).
 * @param {import('playwright-core').Page} page
 * @param {number} firstPaintMs
 */
async function longestTaskAfter(page, firstPaintMs) {
  const tasks = /** @type {{ start: number, duration: number }[]} */ (
    await inPage(page, () => /** @type {any} */ (globalThis).benchLongTasks, null)
  );
  return Math.max(0, ...tasks.filter((task) => task.start >= firstPaintMs).map((task) => task.duration));
}

/**
 * The wall-clock times a visitor sees, read in the page: first contentful paint, the shell's
 * interactive mark, and the longest task after first paint (what a tap then may wait for). From a
 * load of its own that is not traced: tracing slows a page down, the more so the more tasks it
 * runs, which would weigh on one build more than the other.
 * @param {string} url
 */
async function measureWallClock(url) {
  const { browser, page } = await openThrottledPhone({ initScript: keepLongTasks });
  try {
    await page.goto(url);
    const phoneInteractiveMs = await waitForInteractive(page);
    await page.waitForTimeout(AFTER_INTERACTIVE_MS);
    const phoneFcpMs = await firstContentfulPaint(page);
    return {
      phoneFcpMs,
      phoneInteractiveMs,
      phoneLongestTaskAfterPaintMs: await longestTaskAfter(page, phoneFcpMs),
    };
  } finally {
    await browser.close();
  }
}

/**
 * Two phone-sized loads of `url` on a CPU slowed four times and Lighthouse's slow-4G network (see
 * phoneEmulation.mjs): one untraced, for the wall-clock times a visitor sees; one traced by
 * Chromium, for where the main thread's time goes until the page is interactive, and how much of
 * it the first render (hydration) takes. The traced load's first frame at or after first paint is
 * written to `firstFrameFile` (a JPEG), and how long after first paint it was drawn is a figure.
 * @param {string} url
 * @param {{ firstFrameFile?: string }} [options]
 */
export async function measurePhoneTrace(url, { firstFrameFile } = {}) {
  const wallClock = await measureWallClock(url);
  const { browser, page } = await openThrottledPhone();
  try {
    await browser.startTracing(page, { categories: CATEGORIES });
    await page.goto(url);
    await waitForInteractive(page);
    await page.waitForTimeout(AFTER_INTERACTIVE_MS);
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
    /** @type {TraceEvent[]} */
    const events = Array.isArray(trace) ? trace : trace.traceEvents;
    const frame = firstFrameAfterPaint(events, pageMainThread(events).pid);
    if (frame && firstFrameFile) {
      mkdirSync(path.dirname(firstFrameFile), { recursive: true });
      writeFileSync(firstFrameFile, frame.jpeg);
    }
    if (!frame) console.warn(`  no frame at or after first paint in the trace of ${url}`);
    return {
      ...wallClock,
      ...mainThreadFigures(events),
      ...(frame ? { traceFirstFrameAfterPaintMs: frame.afterPaintMs } : {}),
    };
  } finally {
    await browser.close();
  }
}

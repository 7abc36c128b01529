/**
 * The first frame: from a phone trace with Chromium's screenshots in it, the first screenshot at or
 * after the page's first paint, kept as the JPEG the trace holds (not converted), so anyone can see
 * what a visitor sees first. Where each page's frame is written.
 */
import path from 'node:path';

/** The trace category whose `Screenshot` events hold each frame the compositor drew, as base64 JPEG. */
export const SCREENSHOT_CATEGORY = 'disabled-by-default-devtools.screenshot';

/**
 * @typedef {{ name: string, ph: string, ts: number, pid: number, args?: any }} TraceEvent
 */

/**
 * Where a page's first frame goes: `first-frames/home.jpg`, `first-frames/services-web-development.jpg`
 * beside the results file; the monolith's in `first-frames/monolith/`.
 * @param {string} resultsDirectory
 * @param {'composed' | 'monolith'} build
 * @param {string} pathname
 */
export function firstFramePath(resultsDirectory, build, pathname) {
  const name = pathname === '/' ? 'home' : pathname.replace(/^\/|\/$/g, '').replaceAll('/', '-');
  return path.join(resultsDirectory, 'first-frames', build === 'composed' ? '' : build, `${name}.jpg`);
}

/**
 * The page's first paint in the trace (`firstPaint`; `firstContentfulPaint` if there is none), on
 * its renderer and after its navigation started, in trace microseconds.
 * @param {TraceEvent[]} events
 * @param {number} pid the page's renderer
 */
function firstPaintAt(events, pid) {
  const navigationStarts = events.filter(
    (event) =>
      event.pid === pid &&
      event.name === 'navigationStart' &&
      event.args?.data?.isLoadingMainFrame &&
      event.args?.data?.documentLoaderURL,
  );
  const from = Math.min(...navigationStarts.map((event) => event.ts));
  const after = Number.isFinite(from) ? from : -Infinity;
  for (const name of ['firstPaint', 'firstContentfulPaint']) {
    const paints = events.filter((event) => event.pid === pid && event.name === name && event.ts >= after);
    if (paints.length > 0) return Math.min(...paints.map((event) => event.ts));
  }
  return NaN;
}

/**
 * The first screenshot at or after first paint: its JPEG and how long after first paint it was drawn.
 * @param {TraceEvent[]} events
 * @param {number} pid the page's renderer
 * @returns {{ jpeg: Buffer, afterPaintMs: number } | null}
 */
export function firstFrameAfterPaint(events, pid) {
  const paintedAt = firstPaintAt(events, pid);
  if (Number.isNaN(paintedAt)) return null;
  const frames = events
    .filter((event) => event.name === 'Screenshot' && event.args?.snapshot && event.ts >= paintedAt)
    .sort((a, b) => a.ts - b.ts);
  const frame = frames[0];
  if (!frame) return null;
  return {
    jpeg: Buffer.from(frame.args.snapshot, 'base64'),
    afterPaintMs: (frame.ts - paintedAt) / 1000,
  };
}

/**
 * The bench's report: each figure's label and target, the medians over rounds of both builds side
 * by side with their ratio, and the printed table. The phone pages' targets are judged over the
 * pages, in phoneVerdict.mjs.
 */
/** @param {number[]} values */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** A scenario of one page on the phone ("phone /services"): its targets are judged over the pages. */
export const PHONE_PAGE_SCENARIO = /^phone (\/.*)$/;

/** The composed site's figure no higher than the monolith's (issue 32's phone criteria). */
const NO_WORSE = { noWorse: true, text: 'composed ≤ monolith' };

/** How each figure is printed, and the target the issue sets for it (checked, never asserted). */
export const FIGURES = {
  score: { label: 'Lighthouse performance', unit: '', target: { composed: (v) => v >= 100, text: '100' } },
  seoScore: { label: 'Lighthouse SEO', unit: '', target: { composed: (v) => v >= 100, text: '100' } },
  bestPracticesScore: {
    label: 'Lighthouse Best Practices',
    unit: '',
    target: { composed: (v) => v >= 100, text: '100' },
  },
  lcpMs: { label: 'LCP', unit: 'ms', target: { composed: (v) => v <= 1200, text: '≤ 1200 ms' } },
  fcpMs: { label: 'FCP', unit: 'ms' },
  tbtMs: { label: 'TBT', unit: 'ms', target: { composed: (v) => v <= 50, text: '≤ 50 ms' } },
  cls: { label: 'CLS', unit: '', digits: 3, target: { composed: (v) => v <= 0.01, text: '≤ 0.01' } },
  scriptBytes: { label: 'JavaScript transferred (whole load)', unit: 'B' },
  firstLoadScriptBytes: {
    label: 'First-load JavaScript (until interactive)',
    unit: 'B',
    // The federation runtime and one remote entry have no counterpart in one bundle; nothing else may.
    target: { overMonolith: 32 * 1024, text: 'composed − monolith ≤ 32 KiB' },
  },
  totalBytes: { label: 'All bytes transferred', unit: 'B' },
  requests: { label: 'Requests', unit: '' },
  chainLength: {
    label: 'Request waves until interactive',
    unit: '',
    target: { composed: (v) => v <= 2, text: '≤ 2' },
  },
  phoneFcpMs: {
    label: 'Phone (CPU 4×, slow 4G): first contentful paint',
    unit: 'ms',
    target: { ratio: 0.3, text: 'composed ≤ 0.3× monolith' },
  },
  phoneInteractiveMs: {
    label: 'Phone (CPU 4×, slow 4G): interactive mark',
    unit: 'ms',
    target: NO_WORSE,
  },
  traceUntilInteractiveMs: { label: 'Phone trace: main thread until interactive', unit: 'ms' },
  traceScriptEvaluationMs: { label: 'Phone trace: script evaluation', unit: 'ms' },
  traceFirstRenderMs: { label: 'Phone trace: first render (hydration) to interactive', unit: 'ms' },
  traceBlockingMs: { label: 'Phone trace: blocking time (tasks past 50 ms)', unit: 'ms', target: NO_WORSE },
  traceLongestTaskMs: { label: 'Phone trace: longest task', unit: 'ms', target: NO_WORSE },
  traceFirstFrameAfterPaintMs: {
    label: 'Phone trace: first frame saved, after first paint',
    unit: 'ms',
    digits: 1,
  },
  phoneLongestTaskAfterPaintMs: {
    label: 'Phone: longest task after first paint (0: none over 50 ms)',
    unit: 'ms',
    target: { composed: (v) => v <= 50, text: '≤ 50 ms' },
  },
  firstMenuTapMs: {
    label: 'Phone: menu open, tapped every 300 ms from the first byte',
    unit: 'ms',
    target: { ratio: 0.35, text: 'composed ≤ 0.35× monolith' },
  },
  tapAtInteractiveMs: {
    label: 'Phone: first tap → next paint, at the interactive mark',
    unit: 'ms',
    target: NO_WORSE,
  },
  tapAfter2sMs: { label: 'Phone: first tap → next paint, 2 s after it', unit: 'ms', target: NO_WORSE },
  navigationMs: {
    label: 'Header link → next page visible',
    unit: 'ms',
    target: { composed: (v) => v <= 100, text: '≤ 100 ms' },
  },
};

/**
 * @param {number} value
 * @param {{ unit: string, digits?: number }} figure
 */
export function format(value, figure) {
  if (figure.unit === 'B') return `${(value / 1024).toFixed(1)} KiB`;
  return `${value.toFixed(figure.digits ?? 0)}${figure.unit ? ` ${figure.unit}` : ''}`;
}

/**
 * Whether two medians meet a figure's target; null when it has none.
 * @param {any} target
 * @param {number} composed
 * @param {number} monolith
 */
export function judge(target, composed, monolith) {
  const ratio = monolith ? composed / monolith : null;
  if (target?.ratio) return ratio !== null && ratio <= target.ratio;
  if (target?.overMonolith) return composed - monolith <= target.overMonolith;
  if (target?.composed) return target.composed(composed);
  if (target?.noWorse) return composed <= monolith;
  return null;
}

/**
 * Medians of both builds side by side, their ratio, and whether the issue's target is met (for a
 * phone page, left to the verdict over the pages: `met` is null, `judgedOverPages` true).
 * @param {Record<string, Record<string, { composed: number[], monolith: number[] }>>} samples
 *   scenario ("mobile /services") → figure → samples per build
 */
export function summarize(samples) {
  const rows = [];
  for (const [scenario, figures] of Object.entries(samples)) {
    for (const [name, { composed, monolith }] of Object.entries(figures)) {
      const figure = FIGURES[/** @type {keyof typeof FIGURES} */ (name)];
      const composedMedian = median(composed);
      const monolithMedian = median(monolith);
      const ratio = monolithMedian ? composedMedian / monolithMedian : null;
      const target = /** @type {any} */ (figure).target;
      const judgedOverPages = Boolean(target) && PHONE_PAGE_SCENARIO.test(scenario);
      rows.push({
        scenario,
        figure: name,
        label: figure.label,
        composed: composedMedian,
        monolith: monolithMedian,
        ratio,
        target: target?.text ?? null,
        met: judgedOverPages ? null : judge(target, composedMedian, monolithMedian),
        judgedOverPages,
        printed: [format(composedMedian, figure), format(monolithMedian, figure)],
      });
    }
  }
  return rows;
}

/** @param {{ target: string | null, met: boolean | null, judgedOverPages?: boolean }} row */
function targetCell(row) {
  if (!row.target) return '';
  if (row.judgedOverPages) return `over the pages, below (${row.target})`;
  return `${row.met ? 'MET' : 'MISSED'} (${row.target})`;
}

/** @param {ReturnType<typeof summarize>} rows */
export function printTable(rows) {
  const header = ['scenario', 'figure', 'composed', 'monolith', 'ratio', 'target'];
  const lines = rows.map((row) => [
    row.scenario,
    row.label,
    row.printed[0],
    row.printed[1],
    row.ratio === null ? '–' : row.ratio.toFixed(2),
    targetCell(row),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column].length)),
  );
  for (const line of [header, ...lines]) {
    console.log(line.map((cell, column) => cell.padEnd(widths[column])).join('  '));
  }
}

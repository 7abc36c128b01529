/**
 * The phone's verdict: each target of the phone pages judged once, on the median over the pages of
 * each page's median (the composed site's and the monolith's apart, their ratio from those two),
 * with each page's own figure printed and kept beside it.
 */
import { FIGURES, PHONE_PAGE_SCENARIO, format, judge, median } from './report.mjs';

/**
 * @param {ReturnType<typeof import('./report.mjs').summarize>} rows the summary, one row per page
 *   and figure (medians over rounds)
 */
export function judgePhonePages(rows) {
  /** @type {Map<string, typeof rows>} figure → its rows of the phone pages, in the pages' order */
  const byFigure = new Map();
  for (const row of rows) {
    if (!row.judgedOverPages) continue;
    byFigure.set(row.figure, [...(byFigure.get(row.figure) ?? []), row]);
  }
  return [...byFigure].map(([name, pageRows]) => {
    const figure = FIGURES[/** @type {keyof typeof FIGURES} */ (name)];
    const target = /** @type {any} */ (figure).target;
    const composed = median(pageRows.map((row) => row.composed));
    const monolith = median(pageRows.map((row) => row.monolith));
    return {
      figure: name,
      label: figure.label,
      composed,
      monolith,
      ratio: monolith ? composed / monolith : null,
      target: target.text,
      met: judge(target, composed, monolith),
      pages: pageRows.map((row) => ({
        page: PHONE_PAGE_SCENARIO.exec(row.scenario)?.[1] ?? row.scenario,
        composed: row.composed,
        monolith: row.monolith,
        ratio: row.ratio,
      })),
      printed: [format(composed, figure), format(monolith, figure)],
    };
  });
}

/**
 * One line per target: the medians over the pages, their ratio, the verdict, and each page's figure
 * as the target reads it (the ratio, or the composed site's own figure for an absolute target).
 * @param {ReturnType<typeof judgePhonePages>} verdicts
 */
export function printPhoneVerdicts(verdicts) {
  if (verdicts.length === 0) return;
  console.log("\nPhone targets, judged on the median over the pages of each page's median:");
  const header = ['figure', 'composed', 'monolith', 'ratio', 'target', 'each page'];
  const lines = verdicts.map((verdict) => {
    const figure = FIGURES[/** @type {keyof typeof FIGURES} */ (verdict.figure)];
    const absolute = Boolean(/** @type {any} */ (figure).target.composed);
    const pageFigure = (/** @type {(typeof verdict.pages)[number]} */ page) => {
      if (absolute) return format(page.composed, figure);
      return page.ratio === null ? '–' : `${page.ratio.toFixed(2)}×`;
    };
    return [
      verdict.label,
      verdict.printed[0],
      verdict.printed[1],
      verdict.ratio === null ? '–' : verdict.ratio.toFixed(2),
      `${verdict.met ? 'MET' : 'MISSED'} (${verdict.target})`,
      verdict.pages.map((page) => `${page.page} ${pageFigure(page)}`).join(', '),
    ];
  });
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column].length)),
  );
  for (const line of [header, ...lines]) {
    console.log(line.map((cell, column) => cell.padEnd(widths[column])).join('  '));
  }
}

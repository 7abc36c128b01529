// Owns the measuring itself, in a chunk of its own loaded once the page is interactive and the
// browser idle: web-vitals' observers for the five metrics, all feeding one report per page view.
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { createPageViewReport, sendWhenHidden, type PageView } from './pageViewReport';

/**
 * Starts observing. Loaded late, it still sees what happened before: the browser buffers the
 * paints, shifts and slow interactions it reads (an interaction under 104 ms before it loaded is
 * missed). The default build, not the attribution one: labels are all the server keeps.
 */
export function measureWebVitals(view: PageView): void {
  const report = createPageViewReport(view);
  const record = (metric: Metric) => {
    // After a return from the back-forward cache web-vitals measures a new view: not this one's.
    if (metric.navigationType !== 'back-forward-cache') report.record(metric.name, metric.value);
  };
  // Every change, not only the final value: leaving in the same tab fires pagehide before the
  // visibility change web-vitals waits for to report CLS and INP (and LCP without any input), so
  // the report must hold each metric's value so far whenever the beacon leaves.
  for (const observe of [onLCP, onINP, onCLS, onFCP, onTTFB]) observe(record, { reportAllChanges: true });
  sendWhenHidden(report);
}

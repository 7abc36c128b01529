// Owns what one page view tells the server of its Web Vitals: the labels (the route's page, never
// the URL; the language; hydrated or client-rendered), every metric's latest value, and the beacon
// that carries them when the page is hidden or left, each metric once per page view.
import type { Language } from 'shared-i18n';
import type { RemotePageId } from '../remotes/remoteContracts';
import beacon from './webVitalsBeacon.json';

/** The contract with the server's plugin (shell/server/webVitals.mjs): where, and which metrics. */
export const WEB_VITALS_BEACON = beacon;

export type WebVitalName = keyof typeof beacon.metrics;

/** Whether the server sent the page's HTML and the browser hydrated it, or the browser rendered it. */
export type Rendering = 'hydrated' | 'client';

/** What labels a page view's metrics: nothing that could tell one visitor from another. */
export interface PageView {
  /** The route's page (`marketing/HomePage`), or the 404 page: never the address itself. */
  page: RemotePageId | typeof beacon.pageOutsideRoutes;
  language: Language;
  rendering: Rendering;
}

/** The beacon's body: the page view's labels and each metric measured, in its own unit. */
export interface WebVitalsBeacon extends PageView {
  metrics: Partial<Record<WebVitalName, number>>;
}

export interface PageViewReport {
  /** Keeps a metric's latest value: web-vitals reports a metric again as it changes. */
  record(name: WebVitalName, value: number): void;
  /**
   * Sends the metrics recorded and not sent yet, each one once per page view (the server counts
   * every value it receives); nothing when there is none.
   */
  send(): void;
}

/**
 * A beacon outlives the page and never holds up leaving it. The server reads its body alone: no
 * cookie, no header, no address is kept (shell/server/webVitals.mjs).
 */
function sendBeacon(body: string): void {
  navigator.sendBeacon(beacon.path, body);
}

export function createPageViewReport(
  view: PageView,
  send: (body: string) => void = sendBeacon,
): PageViewReport {
  let metrics: WebVitalsBeacon['metrics'] = {};
  const sent = new Set<WebVitalName>();
  return {
    record(name, value) {
      if (!sent.has(name)) metrics[name] = value;
    },
    send() {
      if (Object.keys(metrics).length === 0) return;
      const body: WebVitalsBeacon = { ...view, metrics };
      for (const name of Object.keys(metrics)) sent.add(name as WebVitalName);
      metrics = {};
      send(JSON.stringify(body));
    },
  };
}

/**
 * Sends the report when the page is hidden (another tab, the phone's home screen) or left, the last
 * moments a browser reliably runs a page's code. Leaving in the same tab, Chromium fires pagehide
 * first and the visibility change after it: the pagehide beacon carries what web-vitals reported
 * so far (every change, measureWebVitals.ts), and a metric it only reports on the visibility change
 * (an interaction still being processed) follows in a second beacon of its own. The visibility
 * change is listened to on the document, so web-vitals' own listener (on the window, while
 * capturing) has reported by then.
 */
export function sendWhenHidden(report: PageViewReport): void {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') report.send();
  });
  window.addEventListener('pagehide', () => report.send());
}

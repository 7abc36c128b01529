// Owns what one page view tells the server of its Web Vitals: the labels (the route's page, never
// the URL; the language; hydrated or client-rendered), every metric's last value, and the one beacon
// that carries them all, sent when the page is first hidden.
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
  /** Sends what was recorded, once per page view; nothing before the first metric. */
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
  const metrics: WebVitalsBeacon['metrics'] = {};
  let sent = false;
  return {
    record(name, value) {
      if (!sent) metrics[name] = value;
    },
    send() {
      if (sent || Object.keys(metrics).length === 0) return;
      sent = true;
      const body: WebVitalsBeacon = { ...view, metrics };
      send(JSON.stringify(body));
    },
  };
}

/**
 * Sends the report when the page is first hidden (another tab, the phone's home screen, leaving),
 * the last moment a browser reliably runs a page's code; pagehide for browsers that skip the
 * visibility change on leaving. Listened to on the document, whose listeners run after web-vitals'
 * own (on the window, while capturing), so LCP, INP and CLS have their final values by then.
 */
export function sendWhenHidden(report: PageViewReport): void {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') report.send();
  });
  window.addEventListener('pagehide', () => report.send());
}

// What reaches the server when a visitor leaves a page in the same tab, as Chromium does it:
// pagehide first, then the visibility change on which web-vitals reports its final CLS and INP.
import { measureWebVitals } from './measureWebVitals';

/**
 * web-vitals 6 as the page sees it: with reportAllChanges, a metric's value is reported on every
 * change; without, FCP and TTFB at once, LCP at the visitor's first input, CLS and INP only when the
 * page turns hidden, from a listener on the window while capturing. A view restored from the
 * back-forward cache is reported with its navigation type.
 */
const mockLibrary = {
  observers: [] as MockObserver[],
};
interface MockObserver {
  name: string;
  report: (metric: object) => void;
  everyChange: boolean;
  value?: number;
  navigationType?: string;
}
jest.mock('web-vitals', () => {
  const observe =
    (name: string) =>
    (report: (metric: object) => void, options: { reportAllChanges?: boolean } = {}) => {
      const observer: MockObserver = { name, report, everyChange: options.reportAllChanges === true };
      mockLibrary.observers.push(observer);
      addEventListener(
        'visibilitychange',
        () => {
          const { value, navigationType } = observer;
          if (document.visibilityState === 'hidden' && value !== undefined)
            report({ name, value, navigationType });
        },
        true,
      );
    };
  return {
    onLCP: observe('LCP'),
    onINP: observe('INP'),
    onCLS: observe('CLS'),
    onFCP: observe('FCP'),
    onTTFB: observe('TTFB'),
  };
});

const FINAL_WHEN_MEASURED = ['FCP', 'TTFB'];

/** The library measures a new value of a metric (an interaction, a layout shift, a paint). */
function measured(name: string, value: number, navigationType = 'navigate'): void {
  for (const observer of mockLibrary.observers.filter((each) => each.name === name)) {
    Object.assign(observer, { value, navigationType });
    if (observer.everyChange || FINAL_WHEN_MEASURED.includes(name))
      observer.report({ name, value, navigationType });
  }
}

/** The visitor's first tap: LCP is final. */
function tapped(): void {
  for (const { name, report, value, navigationType } of mockLibrary.observers)
    if (name === 'LCP' && value !== undefined) report({ name, value, navigationType });
}

/** Leaving in the same tab, in Chromium's order: pagehide, then the visibility change. */
function leaveInTheSameTab(): void {
  window.dispatchEvent(new Event('pagehide'));
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

const sendBeacon = jest.fn<boolean, [path: string, body: string]>(() => true);

beforeEach(() => {
  mockLibrary.observers = [];
  sendBeacon.mockClear();
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
});

const sentMetrics = () =>
  sendBeacon.mock.calls.map(([, body]) => (JSON.parse(body) as { metrics: Record<string, number> }).metrics);

test('a visitor who taps, scrolls and leaves in the same tab sends INP and CLS with LCP, FCP and TTFB, each once', () => {
  measureWebVitals({ page: 'marketing/ServicesPage', language: 'en', rendering: 'hydrated' });
  measured('TTFB', 90);
  measured('FCP', 800);
  measured('LCP', 1400);
  measured('CLS', 0);
  tapped();
  measured('INP', 48);
  tapped();
  measured('INP', 136);
  measured('CLS', 0.04);

  leaveInTheSameTab();

  expect(sentMetrics()).toEqual([{ TTFB: 90, FCP: 800, LCP: 1400, CLS: 0.04, INP: 136 }]);
});

test('a visitor who leaves without a single interaction sends no INP, and the rest', () => {
  measureWebVitals({ page: 'marketing/HomePage', language: 'es', rendering: 'client' });
  measured('TTFB', 90);
  measured('FCP', 800);
  measured('LCP', 1400);
  measured('CLS', 0);

  leaveInTheSameTab();

  expect(sentMetrics()).toEqual([{ TTFB: 90, FCP: 800, LCP: 1400, CLS: 0 }]);
});

test('a view restored from the back-forward cache adds nothing to the view the visitor left', () => {
  measureWebVitals({ page: 'marketing/HomePage', language: 'en', rendering: 'hydrated' });
  measured('LCP', 1400);
  leaveInTheSameTab();
  measured('INP', 300, 'back-forward-cache');
  document.dispatchEvent(new Event('visibilitychange'));

  expect(sentMetrics()).toEqual([{ LCP: 1400 }]);
});

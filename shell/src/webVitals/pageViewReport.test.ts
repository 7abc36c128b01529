// What a page view sends of its Web Vitals: a beacon with every metric so far and the view's labels
// when the page is first hidden, each metric counted once; and which page views are measured at all.
import { createPageViewReport, sendWhenHidden, type PageView } from './pageViewReport';
import { pageViewToMeasure } from './startWebVitals';

const VIEW: PageView = { page: 'marketing/ServicesPage', language: 'es', rendering: 'hydrated' };

function hide(): void {
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

function show(): void {
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(show);

test('all the metrics of a page view go in one beacon, with their latest values, when the page is first hidden', () => {
  const send = jest.fn();
  const report = createPageViewReport(VIEW, send);
  sendWhenHidden(report);
  report.record('TTFB', 80);
  report.record('FCP', 700);
  report.record('LCP', 1200);
  report.record('CLS', 0);
  report.record('CLS', 0.05);
  report.record('INP', 48);
  expect(send).not.toHaveBeenCalled();

  hide();
  show();
  report.record('INP', 400);
  hide();
  window.dispatchEvent(new Event('pagehide'));

  expect(send).toHaveBeenCalledTimes(1);
  expect(JSON.parse(send.mock.calls[0][0] as string)).toEqual({
    page: 'marketing/ServicesPage',
    language: 'es',
    rendering: 'hydrated',
    metrics: { TTFB: 80, FCP: 700, LCP: 1200, CLS: 0.05, INP: 48 },
  });
});

test('a metric first measured after the beacon left goes in a second beacon, alone: each metric is sent once', () => {
  const send = jest.fn();
  const report = createPageViewReport(VIEW, send);
  sendWhenHidden(report);
  report.record('LCP', 1200);
  report.record('CLS', 0.02);
  window.dispatchEvent(new Event('pagehide'));
  report.record('CLS', 0.3);
  report.record('INP', 136);
  hide();

  expect(
    send.mock.calls.map(([body]) => (JSON.parse(body as string) as { metrics: object }).metrics),
  ).toEqual([{ LCP: 1200, CLS: 0.02 }, { INP: 136 }]);
});

test('the beacon carries the labels and the metrics, and nothing of the address, the visitor or the time', () => {
  const send = jest.fn();
  const report = createPageViewReport(VIEW, send);
  report.record('LCP', 1500);
  report.send();
  expect(Object.keys(JSON.parse(send.mock.calls[0][0] as string) as object).sort()).toEqual([
    'language',
    'metrics',
    'page',
    'rendering',
  ]);
});

test('a page hidden before any metric was measured sends nothing, and sends once one is', () => {
  const send = jest.fn();
  const report = createPageViewReport(VIEW, send);
  sendWhenHidden(report);
  hide();
  expect(send).not.toHaveBeenCalled();
  report.record('LCP', 900);
  window.dispatchEvent(new Event('pagehide'));
  expect(send).toHaveBeenCalledTimes(1);
});

test('the beacon goes to the shell’s own path with sendBeacon, as one small text body', () => {
  const sendBeacon = jest.fn(() => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
  const report = createPageViewReport(VIEW);
  report.record('CLS', 0.2);
  report.send();
  expect(sendBeacon).toHaveBeenCalledWith('/_shell/vitals', expect.any(String));
  expect((sendBeacon.mock.calls[0] as unknown as [string, string])[1].length).toBeLessThan(300);
});

describe('which page views are measured', () => {
  const at = (pathname: string, search = '') => ({ pathname, search });

  test('a page view is measured when its draw falls under the sample rate, and not otherwise', () => {
    expect(
      pageViewToMeasure({ sampleRate: 0.25, hydrated: true, random: () => 0.2 }, at('/')),
    ).not.toBeNull();
    expect(pageViewToMeasure({ sampleRate: 0.25, hydrated: true, random: () => 0.25 }, at('/'))).toBeNull();
    expect(pageViewToMeasure({ sampleRate: 1, hydrated: true, random: () => 0.999 }, at('/'))).not.toBeNull();
  });

  test('no sample rate in the page (the measuring off, a page no server sent) measures nothing', () => {
    expect(pageViewToMeasure({ sampleRate: undefined, hydrated: true, random: () => 0 }, at('/'))).toBeNull();
    expect(pageViewToMeasure({ sampleRate: 0, hydrated: false, random: () => 0 }, at('/'))).toBeNull();
  });

  test('a view is labelled by its route’s page (never its address), its language and how it was rendered', () => {
    const always = { sampleRate: 1, random: () => 0 };
    expect(
      pageViewToMeasure({ ...always, hydrated: true }, at('/services/ai-agents', '?lang=es&utm=x')),
    ).toEqual({
      page: 'marketing/ServiceDetailPage',
      language: 'es',
      rendering: 'hydrated',
    });
    expect(pageViewToMeasure({ ...always, hydrated: false }, at('/wp-admin/setup.php'))).toEqual({
      page: 'not-found',
      language: 'en',
      rendering: 'client',
    });
  });
});

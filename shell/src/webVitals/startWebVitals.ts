// Owns whether this page view is measured (the server's sample rate) and when the measuring code
// loads: after the first page is interactive and the browser is idle, so it adds nothing to the
// first paint or the start-up.
import { languageFromUrl } from 'shared-i18n';
import { pageForPath } from '../routes/routes';
import { afterFirstPage } from '../remotes/firstPage';
import { whenIdle } from '../mainThread';
import { WEB_VITALS_BEACON, type PageView } from './pageViewReport';

export interface WebVitalsSampling {
  /** The share of page views measured, from 0 to 1 (public settings); absent: none. */
  sampleRate: number | undefined;
  /** Whether the browser hydrated the server's HTML (else it rendered the page itself). */
  hydrated: boolean;
  /** A number in [0, 1): tests pass their own. */
  random?: () => number;
}

/** The labels of this page view if it is one of the sample, or null. */
export function pageViewToMeasure(
  { sampleRate, hydrated, random = Math.random }: WebVitalsSampling,
  location: Pick<Location, 'pathname' | 'search'> = window.location,
): PageView | null {
  if (!sampleRate || random() >= sampleRate) return null;
  return {
    page: pageForPath(location.pathname) ?? WEB_VITALS_BEACON.pageOutsideRoutes,
    language: languageFromUrl(location.search),
    rendering: hydrated ? 'hydrated' : 'client',
  };
}

/** Measures this page view's Web Vitals if it is sampled, loading web-vitals only then. */
export function startWebVitals(sampling: WebVitalsSampling): void {
  const view = pageViewToMeasure(sampling);
  if (!view) return;
  const load = () =>
    import(/* webpackChunkName: "web-vitals" */ './measureWebVitals')
      .then(({ measureWebVitals }) => measureWebVitals(view))
      // Measuring is never worth an error on a visitor's page: a chunk that fails is left at that.
      .catch(() => undefined);
  void afterFirstPage(pageForPath(window.location.pathname)).then(() => whenIdle(() => void load()));
}

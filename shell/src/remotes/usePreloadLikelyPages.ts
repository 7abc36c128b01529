import { useEffect } from 'react';
import { afterFirstPage, preloadPath } from './pageLoads';

interface NetworkInformation {
  saveData?: boolean;
}

/**
 * How long the visitor has been reading the first page before its likely next pages load: a
 * phone's start-up (hydration, the page's own remote) is over by then, so their scripts never
 * lengthen it, and a visitor who leaves at once costs no bytes for pages never opened.
 */
const PRELOAD_AFTER_MS = 3000;

/**
 * Once the first page has been on screen a while, one page per idle period, so each page's
 * scripts run in short tasks between the visitor's own.
 */
function preloadWhenIdle(paths: readonly string[]): () => void {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  if (connection?.saveData) return () => undefined;
  let cancel: () => void = () => undefined;
  let cancelled = false;
  const whenIdle = (work: () => void) => {
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(work, { timeout: 5000 });
      cancel = () => window.cancelIdleCallback(handle);
    } else {
      const handle = setTimeout(work, 200);
      cancel = () => clearTimeout(handle);
    }
  };
  const preloadFrom = (index: number) => {
    const path = paths[index];
    if (cancelled || path === undefined) return;
    whenIdle(() => {
      preloadPath(path);
      preloadFrom(index + 1);
    });
  };
  void afterFirstPage(window.location.pathname).then(() => {
    if (cancelled) return;
    const handle = setTimeout(() => preloadFrom(0), PRELOAD_AFTER_MS);
    cancel = () => clearTimeout(handle);
  });
  return () => {
    cancelled = true;
    cancel();
  };
}

/** A pointer resting on, or focus reaching, an internal link loads its page before the click. */
function preloadOnIntent(event: Event): void {
  const link = (event.target as Element | null)?.closest?.('a[href^="/"]');
  const href = link?.getAttribute('href');
  if (href) preloadPath(new URL(href, window.location.origin).pathname);
}

/**
 * Loads remote pages before they are asked for, so a click shows the next page in the same frame:
 * the header's pages a few seconds after the first page, when idle; any internal link on hover
 * or focus. Costs the bytes of pages the visitor may not open (skipped under Save-Data).
 */
export function usePreloadLikelyPages(paths: readonly string[]): void {
  useEffect(() => {
    const cancelIdlePreload = preloadWhenIdle(paths);
    document.addEventListener('pointerover', preloadOnIntent, { passive: true });
    document.addEventListener('focusin', preloadOnIntent);
    return () => {
      cancelIdlePreload();
      document.removeEventListener('pointerover', preloadOnIntent);
      document.removeEventListener('focusin', preloadOnIntent);
    };
  }, [paths]);
}

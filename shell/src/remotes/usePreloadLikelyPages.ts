import { useEffect } from 'react';
import { afterFirstPage, preloadPath } from './pageLoads';

interface NetworkInformation {
  saveData?: boolean;
}

/**
 * Once the first page is on screen and the browser is idle, so the first page never shares the
 * network or the main thread with pages that may never be opened.
 */
function preloadWhenIdle(paths: readonly string[]): () => void {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  if (connection?.saveData) return () => undefined;
  let cancel: () => void = () => undefined;
  let cancelled = false;
  const preloadAll = () => paths.forEach(preloadPath);
  void afterFirstPage(window.location.pathname).then(() => {
    if (cancelled) return;
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(preloadAll, { timeout: 5000 });
      cancel = () => window.cancelIdleCallback(handle);
    } else {
      const handle = setTimeout(preloadAll, 2000);
      cancel = () => clearTimeout(handle);
    }
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
 * the header's pages once the browser is idle after the first page, any internal link on hover
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

// Loading the pages a visitor is likely to open next, before the click, in the browser.
import { pageForPath } from '../routes/routes';
import { afterFirstPage } from './firstPage';
import { preloadPage } from './browserRemotes';
import { whenIdle } from '../mainThread';

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
function preloadWhenIdle(paths: readonly string[]): void {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  if (connection?.saveData) return;
  const preloadFrom = (index: number) => {
    const path = paths[index];
    if (path === undefined) return;
    whenIdle(() => {
      preloadPath(path);
      preloadFrom(index + 1);
    });
  };
  void afterFirstPage(pageForPath(window.location.pathname)).then(() => {
    setTimeout(() => preloadFrom(0), PRELOAD_AFTER_MS);
  });
}

function preloadPath(pathname: string): void {
  const page = pageForPath(pathname);
  if (page) preloadPage(page);
}

/** A pointer resting on, or focus reaching, an internal link loads its page before the click. */
function preloadOnIntent(event: Event): void {
  const link = (event.target as Element | null)?.closest?.('a[href^="/"]');
  const href = link?.getAttribute('href');
  if (href) preloadPath(new URL(href, window.location.origin).pathname);
}

/**
 * Loads remote pages before they are asked for, so a click shows the next page in the same frame:
 * the given pages a few seconds after the first page, when idle; any internal link on hover or
 * focus. Costs the bytes of pages the visitor may not open (skipped under Save-Data). For the
 * document's life: started once the first render has begun.
 */
export function preloadLikelyPages(paths: readonly string[]): void {
  preloadWhenIdle(paths);
  document.addEventListener('pointerover', preloadOnIntent, { passive: true });
  document.addEventListener('focusin', preloadOnIntent);
}

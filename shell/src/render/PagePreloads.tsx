import { preload } from 'react-dom';

/**
 * Asks the browser, from the document's <head>, for every file the page's scripts will fetch at
 * start (the registry, the page's manifest, its remote's container and chunks, its strings), so
 * they download together with the shell's own scripts instead of one after another as each script
 * finds the next. React writes the links (its resource API), once each.
 */
export function PagePreloads({
  fetches,
  scripts,
}: {
  fetches: readonly string[];
  scripts: readonly string[];
}) {
  for (const href of fetches) preload(href, { as: 'fetch', crossOrigin: 'anonymous' });
  for (const href of scripts) preload(href, { as: 'script' });
  return null;
}

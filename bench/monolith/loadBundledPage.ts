// Stands in for shell/src/remotes/loadRemotePage.ts in the monolith build: the same exports,
// with every page an ordinary lazy chunk of one app.
import type { ComponentType } from 'react';
import { bundledPages } from 'bench-bundled-pages';
import { translationsReady } from 'shared-i18n';

/** The monolith has no registry to fetch. */
export function loadRegistry(): Promise<void> {
  return Promise.resolve();
}

/** As in the shell, a page renders once the strings it registered as it loaded have arrived. */
export async function loadRemotePage(page: string): Promise<{ default: ComponentType }> {
  const load = bundledPages[page];
  if (!load) throw new Error(`${page} is not part of the monolith`);
  const loaded = await load();
  await translationsReady();
  return loaded;
}

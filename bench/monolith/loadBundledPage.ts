// Stands in for shell/src/remotes/loadRemotePage.ts in the monolith build: the same exports,
// with every page an ordinary lazy chunk of one app.
import type { ComponentType } from 'react';
import { bundledPages } from 'bench-bundled-pages';

/** The monolith has no registry to fetch. */
export function loadRegistry(): Promise<void> {
  return Promise.resolve();
}

export function loadRemotePage(page: string): Promise<{ default: ComponentType }> {
  const load = bundledPages[page];
  return load ? load() : Promise.reject(new Error(`${page} is not part of the monolith`));
}

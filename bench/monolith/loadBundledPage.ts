// Stands in for shell/src/remotes/browserRemotes.ts in the monolith build: the same exports, with
// every page an ordinary lazy chunk of one app.
import type { ComponentType } from 'react';
import { bundledPages } from 'bench-bundled-pages';
import { SUPPORTED_LANGUAGES, translationsReady, type Language } from 'shared-i18n';

type PageModule = { default: ComponentType };
/** A page and its languages, as the shell's loader hands them: the monolith has every language. */
type VersionPage = { module: PageModule; languages: readonly Language[] };

/** The monolith has no registry to fetch. */
export function loadRegistry(): Promise<void> {
  return Promise.resolve();
}

/** As in the shell, a page renders once the strings it registered as it loaded have arrived. */
export async function loadRemotePage(page: string): Promise<VersionPage> {
  const load = bundledPages[page];
  if (!load) throw new Error(`${page} is not part of the monolith`);
  const loaded = await load();
  await translationsReady();
  return { module: loaded, languages: SUPPORTED_LANGUAGES };
}

/** The route loaders' pages, as the shell's one loader of remotes hands them. */
export const browserPageModules = {
  where: 'browser' as const,
  load: (page: string): Promise<VersionPage | null> => loadRemotePage(page).catch(() => null),
};

export function preloadPage(page: string): void {
  loadRemotePage(page).catch(() => undefined);
}

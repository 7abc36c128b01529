// The entry of the shell's server bundle: what shell/server calls to get the site renderer.
import type { SiteRendererOptions } from './siteRenderer';

/**
 * The shell's server bundle: the Node server (shell/server) calls this once at start. The async
 * boundary lets federation negotiate the shared singletons before any of them runs, as in the
 * browser entry.
 */
export async function createSiteRenderer(options: SiteRendererOptions) {
  const { createSiteRenderer: create } = await import('./siteRenderer');
  return create(options);
}

export type { SiteRendererOptions, RenderOutcome } from './siteRenderer';
export type { SitemapOutcome } from './sitemap';

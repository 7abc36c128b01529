// The entry of the shell's server bundle: what shell/server calls to get the site renderer, and the
// renderer's types, which the server imports from here rather than restating them.
import type { SiteRendererOptions } from './siteRenderer';

/**
 * The shell's server bundle: the Node server (shell/server) calls this once at start. The async
 * boundary lets federation negotiate the shared singletons before any of them runs, as in the
 * browser entry.
 */
export async function createSiteRenderer(options: SiteRendererOptions) {
  // `.js`, as Node's resolution wants in an import(): the server's type check (shell/server) reads
  // this file too. TypeScript and webpack (its extensionAlias) find siteRenderer.ts.
  const { createSiteRenderer: create } = await import('./siteRenderer.js');
  return create(options);
}

/** The renderer the server's plugins call: the only part of the site they reach. */
export type SiteRenderer = Awaited<ReturnType<typeof createSiteRenderer>>;
export type { SiteRendererOptions, RenderOutcome, RenderRequest, Preview } from './siteRenderer';
export type { SitemapOutcome } from './sitemap';
export type { HttpErrorStatus } from '../routes/httpStatus';

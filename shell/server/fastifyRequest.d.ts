// What the server's plugins add to Fastify's request and instance, and the renderer they share
// (the shell's server bundle, `createSiteRenderer` in shell/src/server/siteRenderer.ts).
import type { Duplex } from 'node:stream';
import type { Preview } from './previewLinks.mjs';
import 'fastify';

/** What the renderer answers for an address: a page (with its status) or a redirect. */
export type RenderOutcome =
  | { kind: 'page'; status: 200 | 404 | 503; html: string; noStore?: true }
  | { kind: 'redirect'; status: 308; location: string };

export type SitemapOutcome = { status: 200; xml: string } | { status: 503; missing: readonly string[] };

/** The renderer the shell's server bundle makes: the only part of the site the plugins call. */
export interface SiteRenderer {
  warmUp(): Promise<void>;
  remotesStatus(): Record<string, { rendering: string | null }>;
  liveManifests(): Record<string, string>;
  close(): void | Promise<void>;
  /** The environment's SITE_URL. */
  siteUrl: string;
  /** The environment's SITE_NAME. */
  siteName: string;
  /** The pages (route ids, and the 404) and languages a page view's Web Vitals may be labelled with. */
  webVitalsLabels: { pages: readonly string[]; languages: readonly string[] };
  /** The build's client-rendered page (index.html) with the environment's settings written in. */
  clientRenderedPage(template: string): string;
  robotsTxt: string;
  renderSitemap(): Promise<SitemapOutcome>;
  /** A page rendered before for this path and query's language, if the cache has it. */
  cachedPage(pathname: string, search: string): RenderOutcome | undefined;
  render(url: URL, request?: { beforeRender?: () => Promise<void> }): Promise<RenderOutcome>;
  /** A page with a preview's candidate in place of its remote's live version: kept nowhere. */
  renderPreview(
    url: URL,
    preview: Pick<Preview, 'remote' | 'manifestUrl'>,
    request?: { beforeRender?: () => Promise<void> },
  ): Promise<RenderOutcome>;
  /** The site's page for an error status, in the language of the address (or of its query alone). */
  renderHttpStatus(status: number, url: URL | string): Promise<{ html: string }>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The kind of answer, for the request's log line and metrics (never a visitor's path). */
    routeKind: string | null;
    /** Whether a page came from the HTML cache (`hit`) or was rendered (`miss`). */
    htmlCache: 'hit' | 'miss' | null;
    /** The candidate this visitor previews, from their signed cookie (previewRoute.mjs). */
    preview: Preview | null;
  }
  interface FastifyInstance {
    /** The security headers every page carries (securityHeaders.mjs). */
    pageHeaders: Readonly<Record<string, string>>;
    /** Answers an error with the site's page for its status (errorPages.mjs). */
    sendErrorPage(request: FastifyRequest, reply: FastifyReply, error: unknown): Promise<FastifyReply>;
    /** Answers a request Node's parser refused, on its raw socket (errorPages.mjs). */
    sendClientErrorPage(error: Error & { code?: string }, socket: Duplex): Promise<void>;
  }
}

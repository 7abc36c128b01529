// A URL's own page rendered: routed once (the static handler's query, whose page loader loads the
// page's remote: its live version, or a candidate the release gate has it render), the page's HTML
// with its fallback (503) if the page cannot load or throws, and what may be kept of it in the cache.
import { languageFromUrl } from 'shared-i18n';
import { mayBeAPage, remotePageOf } from '../routes/routes';
import { remoteNameOf, type RemoteName, type RemotePageId } from '../remotes/remoteContracts';
import type { DocumentRenderer, StaticContext } from './documentRenderer';
import type { createErrorPageRenderer } from './errorPageRenderer';
import { pageKey, type PageCache, type RenderOutcome, type RenderRequest } from './pageCache';
import { pageOf, withinBudget, type LoadedPage, type RemoteVersion } from './remotes/loadedVersion';
import type { Stylesheet } from './stylesheetTexts';

export interface PageRendererOptions {
  documents: DocumentRenderer;
  cache: PageCache;
  errorPages: ReturnType<typeof createErrorPageRenderer>;
  /** A page of its remote's live version (which the request waits for if none has passed yet). */
  loadLivePage: (page: RemotePageId) => Promise<LoadedPage>;
  liveVersionOf: (name: RemoteName) => string | undefined;
  readStylesheets: (hrefs: readonly string[]) => Promise<readonly Stylesheet[]>;
  /** How long a remote may take to give its page before the server answers without it. */
  remoteBudgetMs: number;
  log: { error: (message: string, error?: unknown) => void };
  onRemoteFailure?: (name: RemoteName) => void;
}

/**
 * A version rendered in place of its remote's live one: one the release gate verifies, or a
 * preview's (null: it could not be loaded, so its pages answer their fallback). Kept if `keep`.
 */
export interface Candidate {
  name: RemoteName;
  version: RemoteVersion | null;
  keep: boolean;
}

/** The route's answer for a URL, and the page its loader loaded (none for the 404). */
interface Routed {
  context: StaticContext;
  loaded: LoadedPage | null;
}

export function createPageRenderer(options: PageRendererOptions) {
  const { documents, cache } = options;

  /** A page of the version rendered: the candidate's, else the live one's within the budget. */
  async function loadPage(page: RemotePageId, candidate?: Candidate): Promise<LoadedPage | null> {
    if (candidate && remoteNameOf(page) === candidate.name) {
      return candidate.version && pageOf(candidate.version, page);
    }
    try {
      return await withinBudget(options.loadLivePage(page), options.remoteBudgetMs, page);
    } catch (error) {
      options.log.error(`[shell] ${page} could not be loaded on the server`, error);
      options.onRemoteFailure?.(remoteNameOf(page));
      return null;
    }
  }

  /** The request's one routing: the static handler's query, whose page loader loads the page. */
  async function route(url: URL, candidate?: Candidate): Promise<Routed | Response> {
    const found: { loaded: LoadedPage | null } = { loaded: null };
    const context = await documents.route(url, {
      where: 'server',
      load: async (page) => (found.loaded = await loadPage(page, candidate)),
    });
    return context instanceof Response ? context : { context, loaded: found.loaded };
  }

  /** The page's document; its fallback (503) if its remote did not load or the page throws. */
  async function renderPage(
    url: URL,
    page: RemotePageId,
    { context, loaded }: Routed,
    pageStylesheets: readonly Stylesheet[],
  ): Promise<RenderOutcome> {
    const language = languageFromUrl(url.search);
    const attempt = (failed: boolean) =>
      documents.render({ context, language, page, loaded, failed, pageStylesheets });
    let result = await attempt(false);
    if (result.errors.length > 0 && loaded) {
      // The page threw while rendering: answer with its fallback, as the browser would show it.
      options.log.error(`[shell] ${page} failed while rendering on the server`, result.errors[0]);
      result = await attempt(true);
      if (result.errors.length === 0) return { kind: 'page', status: 503, html: result.html };
    }
    if (result.errors.length > 0) throw result.errors[0];
    return { kind: 'page', status: loaded ? 200 : 503, html: result.html };
  }

  /**
   * Renders a URL. With a candidate, that remote's pages come from the candidate version (a
   * version being verified) instead of the live one; its HTML is kept under its own version if
   * the candidate says so.
   */
  async function render(
    url: URL,
    { beforeRender }: RenderRequest = {},
    candidate?: Candidate,
  ): Promise<RenderOutcome> {
    const language = languageFromUrl(url.search);
    const kept = candidate ? undefined : cache.livePage(url.pathname, language, options.liveVersionOf);
    if (kept) return kept;
    // A scanner's made-up path costs no routing and no remote.
    if (!mayBeAPage(url.pathname)) return options.errorPages.notFound(url, language, beforeRender);
    const routed = await route(url, candidate);
    // A redirect (the page's loader) carries this request's query and is never kept: kept, it would
    // hand one visitor's query to the next, and every made-up id would take a place in the cache.
    if (routed instanceof Response) return redirectOutcome(routed);
    const page = remotePageOf(routed.context.matches);
    if (!page) return options.errorPages.notFound(url, language, beforeRender, routed.context);
    const { loaded } = routed;
    const key = loaded && pageKey(url.pathname, language, loaded.version);
    const cached = key && cache.get(key);
    if (cached) return cached;
    await beforeRender?.();
    const pageStylesheets = await options.readStylesheets(loaded?.stylesheets ?? []);
    const outcome = await renderPage(url, page, routed, pageStylesheets);
    const maxAgeMs = loaded?.module.renderedHtmlMaxAgeMs;
    // A page whose HTML depends on its query (a token) is rendered for each request, and kept nowhere.
    if (maxAgeMs === 0) return outcome.kind === 'page' ? { ...outcome, noStore: true } : outcome;
    // A page whose remote could not be loaded is not kept: the next request tries it again; nor
    // one that had to link a stylesheet it could not read.
    const complete = pageStylesheets.every((stylesheet) => stylesheet.text !== null);
    const keep = key && complete && outcome.status !== 503 && (candidate?.keep ?? true);
    if (keep) cache.keepPage(key, remoteNameOf(page), outcome, maxAgeMs);
    return outcome;
  }

  return { render };
}

/** The router's redirect as the server answers it. */
function redirectOutcome(response: Response): RenderOutcome {
  const location = response.headers.get('Location');
  if (response.status !== 308 || !location) {
    throw new Error(`A page's loader answered ${response.status} without a permanent redirect`);
  }
  return { kind: 'redirect', status: 308, location };
}

import { LRUCache } from 'lru-cache';
import { createStaticHandler } from 'shared-router/server';
import {
  createRequestI18n,
  DEFAULT_LANGUAGE,
  LANGUAGE_PARAM,
  languageFromUrl,
  SUPPORTED_LANGUAGES,
  translationsReady,
} from 'shared-i18n';
import { siteConfig } from 'site-config';
import '../i18n';
import { remotePageOf, routes } from '../routes/routes';
import { pageForPath } from '../remotes/remoteRoutes';
import type { RemoteRegistry } from '../remotes/remoteRegistry';
import {
  REMOTE_NAMES,
  REMOTE_PAGES,
  remoteNameOf,
  type RemoteName,
  type RemotePageId,
} from '../remotes/remoteContracts';
import { NO_RENDERED_PAGES } from '../remotes/renderedPages';
import { currentNavigationTarget } from '../layout/navigation';
import type { HttpErrorStatus } from '../routes/httpStatus';
import {
  pageOf,
  ServerRemotes,
  withinBudget,
  type LoadedPage,
  type LocaleScripts,
  type RemoteVersion,
} from './serverRemotes';
import { renderDocument, type DocumentAssets } from './renderDocument';
import { createStylesheetTexts, type Stylesheet } from './stylesheetTexts';
import { createSitemap, robotsTxt, type SitemapOutcome } from './sitemap';

export interface SiteRendererOptions {
  /** The environment's registry (remotes.json), read again whenever a manifest is revalidated. */
  readRegistry: () => Promise<RemoteRegistry>;
  /** The shell's own stylesheets, scripts and start-up fetches (from its browser build). */
  assets: Omit<DocumentAssets, 'stylesheets'> & {
    /** Read from the shell's own build, so always with their text. */
    stylesheets: readonly Stylesheet[];
    /** The shell's strings per language, preloaded by a page rendered in that language. */
    localeScripts: LocaleScripts;
  };
  /** How long a remote may take to give its page before the server answers without it. */
  remoteBudgetMs: number;
  /** The longest one render may take before the page's fallback is answered (503): 10 s unless given. */
  renderTimeoutMs?: number;
  /** How long a remote's manifest is trusted before it is asked again for a new deploy. */
  manifestTtlMs: number;
  /** The only origins remote code may be loaded from (the release hosts); any, if not given. */
  remoteOrigins?: readonly string[];
  log: { info: (message: string) => void; error: (message: string, error?: unknown) => void };
  /** Told of every failure to load or check a remote's version (the server's metrics). */
  onRemoteFailure?: (name: RemoteName) => void;
}

export type RenderOutcome =
  | {
      kind: 'page';
      status: 200 | 404 | 503;
      html: string;
      /** HTML for this address alone (its page's `renderedHtmlMaxAgeMs` is 0): no cache may keep it. */
      noStore?: true;
    }
  | { kind: 'redirect'; status: 308; location: string };

export interface RenderRequest {
  /**
   * Called when the answer is not kept from an earlier request and is about to be rendered: the
   * server's rate limit throws here, so what costs nothing is never limited.
   */
  beforeRender?: () => Promise<void>;
}

interface PageLoadResult {
  page: RemotePageId | null;
  loaded: LoadedPage | null;
}

const RENDER_TIMEOUT_MS = 10_000;
/** Longest a render waits for a remote's stylesheet it has not read before (then it links it). */
const STYLESHEET_WAIT_MS = 300;
/** Where an error page is rendered when its request's address cannot be read (no link is current). */
const UNREADABLE_ADDRESS = new URL('http://shell.invalid/_shell/unreadable-address');

/**
 * Renders any URL of the composed site to its complete HTML: the shell's layout with the page the
 * route table gives, loaded from its remote at run time. Every render gets its own router and its
 * own i18next instance; only what is the same for every visitor is kept between requests (the
 * remotes' containers, and rendered HTML keyed by path, language and the page remote's version).
 * It also writes what crawlers ask for besides pages: /sitemap.xml, from the pages each remote
 * declares, and /robots.txt.
 */
export function createSiteRenderer(options: SiteRendererOptions) {
  const remotes = new ServerRemotes({
    readRegistry: options.readRegistry,
    manifestTtlMs: options.manifestTtlMs,
    remoteOrigins: options.remoteOrigins,
    verify,
    log: options.log,
    onRemoteFailure: options.onRemoteFailure,
  });
  const sitemap = createSitemap({
    loadSitePages: (name) => remotes.loadSitePages(name),
    remoteBudgetMs: options.remoteBudgetMs,
    log: options.log,
  });
  const readStylesheets = createStylesheetTexts({
    waitMs: STYLESHEET_WAIT_MS,
    fetchTimeoutMs: options.remoteBudgetMs * 5,
    log: options.log,
  });
  const handler = createStaticHandler(routes);
  let shellStringsReady: Promise<void> | undefined;
  const rendered = new LRUCache<string, RenderOutcome>({ max: 2000 });
  /** The remote whose page a path shows, once rendered: a cached page is found from it alone. */
  const remoteOfPath = new LRUCache<string, RemoteName>({ max: 4000 });
  /** Renders under way of what many requests share (the 404, error pages): one does it for all. */
  const sharedRenders = new Map<string, Promise<RenderOutcome>>();

  /** The page kept for this path and language at its remote's live version, without routing. */
  function cachedPage(pathname: string, language: string): RenderOutcome | undefined {
    const remote = remoteOfPath.get(pathname);
    const version = remote && remotes.liveVersionOf(remote);
    return version ? rendered.get(`${pathname}|${language}|${version}`) : undefined;
  }

  /** A render kept under `key` and shared by the requests that ask for it meanwhile. */
  async function renderShared(
    key: string,
    beforeRender: RenderRequest['beforeRender'],
    renderIt: () => Promise<RenderOutcome>,
  ): Promise<RenderOutcome> {
    const kept = rendered.get(key);
    if (kept) return kept;
    if (!sharedRenders.has(key)) {
      // Limited before it may render; another request may have started (or kept) the render
      // meanwhile, so both are read again after the wait, and only one render is ever started.
      await beforeRender?.();
      const keptMeanwhile = rendered.get(key);
      if (keptMeanwhile) return keptMeanwhile;
    }
    let rendering = sharedRenders.get(key);
    if (!rendering) {
      const started = renderIt().finally(() => sharedRenders.delete(key));
      sharedRenders.set(key, started);
      rendering = started;
    }
    const outcome = await rendering;
    if (outcome.kind === 'page' && outcome.status !== 503) rendered.set(key, outcome);
    return outcome;
  }

  async function routedContext(url: URL) {
    const context = await handler.query(new Request(url.href));
    if (context instanceof Response) throw new Error(`Unexpected response for ${url.pathname}`);
    return context;
  }

  async function loadPage(page: RemotePageId | null, candidate?: RemoteVersion): Promise<PageLoadResult> {
    if (!page) return { page, loaded: null };
    if (candidate && remoteNameOf(page) === candidate.name) return { page, loaded: pageOf(candidate, page) };
    try {
      return { page, loaded: await withinBudget(remotes.loadPage(page), options.remoteBudgetMs, page) };
    } catch (error) {
      options.log.error(`[shell] ${page} could not be loaded on the server`, error);
      options.onRemoteFailure?.(remoteNameOf(page));
      return { page, loaded: null };
    }
  }

  type StaticContext = Exclude<Awaited<ReturnType<typeof handler.query>>, Response>;

  async function renderPage(
    url: URL,
    context: StaticContext,
    { page, loaded }: PageLoadResult,
    pageStylesheets: readonly Stylesheet[],
  ): Promise<RenderOutcome> {
    const language = languageFromUrl(url.search);
    const attempt = async (failed: boolean) => {
      const failedPages = page && failed ? [page] : [];
      const { localeScripts, ...assets } = options.assets;
      return renderDocument({
        timeoutMs: options.renderTimeoutMs ?? RENDER_TIMEOUT_MS,
        handler,
        context,
        i18n: createRequestI18n(language, loaded?.strings[language]),
        rendered: {
          modules: page && loaded && !failed ? new Map([[page, loaded.module]]) : NO_RENDERED_PAGES.modules,
          failed: new Set(failedPages),
        },
        state: {
          failedPages,
          remoteManifests: page && loaded && !failed ? { [remoteNameOf(page)]: loaded.manifestUrl } : {},
        },
        assets: {
          ...assets,
          stylesheets: {
            shell: options.assets.stylesheets,
            page: pageStylesheets,
          },
          // The strings are fetched only once the scripts have run: named here, they come with them.
          preloadFetches: [...options.assets.preloadFetches, ...(loaded ? [loaded.manifestUrl] : [])],
          preloadScripts: [
            ...assets.preloadScripts,
            ...(localeScripts[language] ?? []),
            ...(loaded?.scripts ?? []),
            ...(loaded?.localeScripts[language] ?? []),
          ],
        },
      });
    };
    const pageFailed = Boolean(page && !loaded);
    let result = await attempt(pageFailed);
    if (result.errors.length > 0 && page && !pageFailed) {
      // The page threw while rendering: answer with its fallback, as the browser would show it.
      options.log.error(`[shell] ${page} failed while rendering on the server`, result.errors[0]);
      result = await attempt(true);
      if (result.errors.length === 0) return { kind: 'page', status: 503, html: result.html };
    }
    if (result.errors.length > 0) throw result.errors[0];
    return { kind: 'page', status: !page ? 404 : pageFailed ? 503 : 200, html: result.html };
  }

  return {
    /**
     * Loads every remote's live version in the background, as soon as the server starts: a
     * remote's first load (its container, its chunks) is the slowest, and a visitor's request that
     * finds it under way shares it instead of spending its budget starting it.
     */
    warmUp(): Promise<void> {
      const loads = REMOTE_NAMES.flatMap((name) =>
        REMOTE_PAGES[name].map((page) =>
          remotes
            .loadPage(`${name}/${page}` as RemotePageId)
            .then((loaded) => readStylesheets(loaded.stylesheets)),
        ),
      );
      return Promise.allSettled(loads).then(() => undefined);
    },
    /** For each remote: the version the registry names, the one rendered, the last failure. */
    remotesStatus: () => remotes.status(),
    /** Each remote's live manifest, which browsers load rather than a version not yet checked. */
    liveManifests: () => remotes.liveManifests(),
    /** Stops watching the registry for new versions. */
    close: () => remotes.close(),
    /** The site's public URL (SITE_URL at build time). */
    siteUrl: siteConfig.url,
    /** What the site's Content-Security-Policy must add to script-src for the pages' one inline script. */
    inlineScriptSources: [] as string[],
    /** robots.txt: the same for every request. */
    robotsTxt: robotsTxt(),
    /** /sitemap.xml from the remotes' current lists of pages. */
    renderSitemap: (): Promise<SitemapOutcome> => sitemap.render(),
    /** A page rendered before, at its remote's live version: no routing, no loading. */
    cachedPage: (pathname: string, search: string) => cachedPage(pathname, languageFromUrl(search)),
    render: (url: URL, request?: RenderRequest) => render(url, request),
    renderHttpStatus: (status: HttpErrorStatus, url: URL | string, request?: RenderRequest) =>
      renderHttpStatus(status, url, request),
  };

  /**
   * Renders a URL. With a candidate, that remote's pages come from the candidate version (a
   * release being verified) instead of the live one; its HTML is cached under its own version.
   */
  async function render(
    url: URL,
    { beforeRender }: RenderRequest = {},
    candidate?: RemoteVersion,
  ): Promise<RenderOutcome> {
    const language = languageFromUrl(url.search);
    if (!candidate) {
      const kept = cachedPage(url.pathname, language);
      if (kept) return kept;
    }
    // The route table read without the router (shell/src/routes/routes.test.tsx: they agree), so
    // an unknown path costs no routing; the router reads the path of a page it renders.
    if (!pageForPath(url.pathname)) return renderNotFound(url, language, beforeRender);
    await beforeRender?.();
    const context = await routedContext(url);
    const page = remotePageOf(context.matches);
    if (!page) return renderNotFound(url, language, undefined);
    const load = await loadPage(page, candidate);
    // The shell's own strings, once; a remote's page brings its version's strings pinned, so a
    // request never waits on another version's strings loading meanwhile.
    await (shellStringsReady ??= translationsReady());
    const key = `${url.pathname}|${language}|${load.loaded?.version ?? ''}`;
    const cached = load.loaded ? rendered.get(key) : undefined;
    if (cached) return cached;
    const params = context.matches.at(-1)?.params ?? {};
    const redirect = load.loaded?.module.redirectFor?.(params);
    // A redirect carries this request's query and is never kept: kept, it would hand one
    // visitor's query to the next, and every made-up id would take a place in the cache.
    if (redirect) return { kind: 'redirect', status: 308, location: `${redirect}${url.search}` };
    const pageStylesheets = await readStylesheets(load.loaded?.stylesheets ?? []);
    const outcome = await renderPage(url, context, load, pageStylesheets);
    const maxAgeMs = load.loaded?.module.renderedHtmlMaxAgeMs;
    // A page whose HTML depends on its query (a token) is rendered for each request, and kept nowhere.
    if (maxAgeMs === 0) return outcome.kind === 'page' ? { ...outcome, noStore: true } : outcome;
    // A page whose remote could not be loaded is not kept: the next request tries it again; nor
    // one that had to link a stylesheet it could not read.
    const complete = pageStylesheets.every((stylesheet) => stylesheet.text !== null);
    if (load.loaded && complete && outcome.status !== 503) {
      rendered.set(key, outcome, maxAgeMs ? { ttl: maxAgeMs } : undefined);
      remoteOfPath.set(url.pathname, remoteNameOf(page));
    }
    return outcome;
  }

  /**
   * The 404 page, rendered once per language, current header link and remotes' versions, and
   * answered for every unknown path since nothing else in it depends on the path: a scan of
   * made-up addresses costs lookups, not renders.
   */
  function renderNotFound(url: URL, language: string, beforeRender: RenderRequest['beforeRender']) {
    const versions = REMOTE_NAMES.map((name) => remotes.liveVersionOf(name) ?? '').join(' ');
    const key = `404|${language}|${currentNavigationTarget(url.pathname) ?? ''}|${versions}`;
    return renderShared(key, beforeRender, async () => {
      const context = await routedContext(url);
      await (shellStringsReady ??= translationsReady());
      return renderPage(url, context, { page: null, loaded: null }, []);
    });
  }

  /**
   * The site's page for an error answered instead of the URL's page (a malformed address, a refused
   * method, too many requests): the layout with the error's page in the URL's language, rendered
   * once per status, language and current header link. `url` is only the query (with its `?`, or
   * '') of an address whose path cannot be read.
   */
  async function renderHttpStatus(
    status: HttpErrorStatus,
    url: URL | string,
    { beforeRender }: RenderRequest = {},
  ): Promise<{ status: HttpErrorStatus; html: string }> {
    const at = typeof url === 'string' ? new URL(url, UNREADABLE_ADDRESS) : url;
    const language = languageFromUrl(at.search);
    const key = `${status}|${language}|${currentNavigationTarget(at.pathname) ?? ''}`;
    const outcome = await renderShared(key, beforeRender, async () => {
      const context = await routedContext(at);
      await (shellStringsReady ??= translationsReady());
      const { localeScripts, ...assets } = options.assets;
      const result = await renderDocument({
        timeoutMs: options.renderTimeoutMs ?? RENDER_TIMEOUT_MS,
        handler,
        context,
        i18n: createRequestI18n(language),
        rendered: NO_RENDERED_PAGES,
        state: { failedPages: [], remoteManifests: {}, httpStatus: status },
        assets: {
          ...assets,
          stylesheets: { shell: options.assets.stylesheets, page: [] },
          preloadScripts: [...assets.preloadScripts, ...(localeScripts[language] ?? [])],
        },
      });
      if (result.errors.length > 0) throw result.errors[0];
      // Kept like a page (`renderShared` keeps pages), answered with its own status by the server.
      return { kind: 'page', status: 200, html: result.html };
    });
    return { status, html: outcome.kind === 'page' ? outcome.html : '' };
  }

  /**
   * A new version of a remote goes live only if every page it lists renders, in every language,
   * with no failure: its HTML answers 200. Those renders are cached under the new version, so its
   * first visitors find them ready.
   */
  async function verify(candidate: RemoteVersion): Promise<void> {
    for (const { path } of candidate.sitePages) {
      for (const language of SUPPORTED_LANGUAGES) {
        const url = new URL(path, 'http://shell.invalid');
        if (language !== DEFAULT_LANGUAGE) url.searchParams.set(LANGUAGE_PARAM, language);
        const outcome = await render(url, {}, candidate);
        if (outcome.status !== 200) {
          throw new Error(
            `${url.pathname}${url.search} answered ${outcome.status} with ${candidate.version}`,
          );
        }
      }
    }
  }
}

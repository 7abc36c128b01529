// The composition of the server's renderer: the remotes (their versions and release gate), the
// page cache, the document, page and error-page renders, the sitemap, and the object the Fastify
// server calls. It renders any URL of the composed site to its complete HTML.
import { languageFromUrl, languageTag, SUPPORTED_LANGUAGES } from 'shared-i18n';
import { configureSite, publicSettings, publicSettingsFromEnvironment, siteConfig } from 'site-config';
import { publicSettingsElementHtml, type PageSettings } from '../document/publicSettingsElement';
import type { RemoteRegistry } from '../remotes/remoteRegistry';
import { REMOTE_NAMES, REMOTE_PAGES, type RemoteName, type RemotePageId } from '../remotes/remoteContracts';
import { httpErrorPageFor, type HttpErrorStatus } from '../routes/httpStatus';
import { REMOTE_ROUTES } from '../routes/remoteRoutes';
import { WEB_VITALS_BEACON } from '../webVitals/pageViewReport';
import { createDocumentRenderer, type ShellAssets } from './documentRenderer';
import { createErrorPageRenderer } from './errorPageRenderer';
import { createPageCache, type RenderOutcome, type RenderRequest } from './pageCache';
import { createPageRenderer } from './pageRenderer';
import { createPreviewVersions } from './previewVersions';
import { ServerRemotes } from './serverRemotes';
import { createStylesheetTexts } from './stylesheetTexts';
import { createSitemap, robotsTxt, type SitemapOutcome } from './sitemap';

export type { RenderOutcome, RenderRequest };

export interface SiteRendererOptions {
  /** The environment's registry (remotes.json), read again whenever a manifest is revalidated. */
  readRegistry: () => Promise<RemoteRegistry>;
  /** The shell's own stylesheets, scripts and start-up fetches (from its browser build). */
  assets: ShellAssets;
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
  /**
   * The variables the environment's public settings are read from (site-config), as the server read
   * them at start (shell/server/serverSettings.mjs): one build serves every environment. Absent:
   * the local settings (a test's renderer); the bundle never reads process.env.
   */
  publicEnvironment?: Readonly<Record<string, string | undefined>>;
  /**
   * The share of page views whose Web Vitals the browser measures and sends to the server
   * (shell/server/serverSettings.mjs), handed to every page with the public settings; 0 or absent: none.
   */
  webVitalsSampleRate?: number;
}

/** A candidate one visitor previews (release-registry's previewLinks.mjs checked its signed link). */
export interface Preview {
  remote: string;
  manifestUrl: string;
}

/** The environment's public settings, with the shell's own for the browser (publicSettingsElement.ts). */
function pageSettings(options: SiteRendererOptions): PageSettings {
  const sampleRate = options.webVitalsSampleRate ?? 0;
  return {
    ...publicSettingsFromEnvironment(options.publicEnvironment ?? {}),
    ...(sampleRate > 0 ? { webVitals: { sampleRate } } : {}),
  };
}

/** Longest a render waits for a remote's stylesheet it has not read before (then it links it). */
const STYLESHEET_WAIT_MS = 300;

/**
 * Every render gets its own router and its own i18next instance; only what is the same for every
 * visitor is kept between requests (the remotes' containers, and rendered HTML keyed by path,
 * language and the page remote's version). It also writes what crawlers ask for besides pages:
 * /sitemap.xml, from the pages each remote declares, and /robots.txt.
 */
export function createSiteRenderer(options: SiteRendererOptions) {
  configureSite(pageSettings(options));
  const remotes = new ServerRemotes({
    readRegistry: options.readRegistry,
    manifestTtlMs: options.manifestTtlMs,
    remoteOrigins: options.remoteOrigins,
    // The gate has candidates rendered by the same renderer as visitors' pages (given, not owned).
    renderCandidate: (url, candidate, keep) =>
      pages.render(url, {}, { name: candidate.name, version: candidate, keep }),
    log: options.log,
    onRemoteFailure: options.onRemoteFailure,
  });
  const liveVersionOf = (name: RemoteName) => remotes.liveVersionOf(name);
  const readStylesheets = createStylesheetTexts({
    waitMs: STYLESHEET_WAIT_MS,
    fetchTimeoutMs: options.remoteBudgetMs * 5,
    log: options.log,
  });
  const documents = createDocumentRenderer(options);
  const cache = createPageCache();
  const errorPages = createErrorPageRenderer({
    documents,
    cache,
    liveVersions: () => REMOTE_NAMES.map((name) => liveVersionOf(name) ?? ''),
  });
  const pages = createPageRenderer({
    ...options,
    documents,
    cache,
    errorPages,
    loadLivePage: (page) => remotes.loadPage(page),
    liveVersionOf,
    readStylesheets,
  });
  const previews = createPreviewVersions(options);
  const sitemap = createSitemap({
    loadSitePages: (name) => remotes.loadSitePages(name),
    remoteBudgetMs: options.remoteBudgetMs,
    log: options.log,
  });

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
    /** The site's public URL (SITE_URL). */
    siteUrl: siteConfig.url,
    /** What a page view's Web Vitals may be labelled with (server/webVitals.mjs checks every beacon). */
    webVitalsLabels: {
      pages: [...REMOTE_ROUTES.map(({ page }) => page), WEB_VITALS_BEACON.pageOutsideRoutes],
      languages: SUPPORTED_LANGUAGES,
    },
    /** The agency's name (SITE_NAME), which the web app manifest is given (server/siteManifest.mjs). */
    siteName: siteConfig.organizationName,
    /** Each language's BCP 47 tag, by its code: the web app manifest of each language says it. */
    languageTags: Object.fromEntries(
      SUPPORTED_LANGUAGES.map((language) => [language, languageTag(language)]),
    ),
    /** The build's client-rendered page with the environment's settings written in. */
    clientRenderedPage: (template: string) =>
      template.replace('</head>', `${publicSettingsElementHtml(publicSettings())}</head>`),
    /** robots.txt: the same for every request. */
    robotsTxt: robotsTxt(),
    /** /sitemap.xml from the remotes' current lists of pages. */
    renderSitemap: (): Promise<SitemapOutcome> => sitemap.render(),
    /** A page rendered before, at its remote's live version: no routing, no loading. */
    cachedPage: (pathname: string, search: string) =>
      cache.livePage(pathname, languageFromUrl(search), liveVersionOf),
    render: (url: URL, request?: RenderRequest) => pages.render(url, request),
    /** A page with a preview's candidate in place of its remote's live version: kept nowhere. */
    async renderPreview(url: URL, preview: Preview, request?: RenderRequest): Promise<RenderOutcome> {
      const name = preview.remote as RemoteName;
      const version = await previews.load(name, preview.manifestUrl);
      const outcome = await pages.render(url, request, { name, version, keep: false });
      return outcome.kind === 'page' ? { ...outcome, noStore: true } : outcome;
    },
    /** Which of the site's error pages answers a status (renderHttpStatus renders those only). */
    httpErrorPageFor,
    renderHttpStatus: (status: HttpErrorStatus, url: URL | string, request?: RenderRequest) =>
      errorPages.httpStatus(status, url, request),
  };
}

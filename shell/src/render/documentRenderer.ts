// One document of the site rendered for a URL (a remote's page, its fallback, the 404, an error
// page): the router's context, the shell's strings ready, the request's i18next instance, and the
// files the document names (`pageAssets`, the one place they are composed).
import { createStaticHandler } from 'shared-router/server';
import { createRequestI18n, DEFAULT_LANGUAGE, translationsReady, type Language } from 'shared-i18n';
import '../i18n';
import { routes } from '../routes/routes';
import { remoteNameOf, type RemotePageId } from '../remotes/remoteContracts';
import {
  pageModulesRouterContext,
  serializableLoaderData,
  type PageModules,
  type RemotePageData,
} from '../routes/remotePageLoader';
import type { HttpErrorStatus } from '../routes/httpStatus';
import { renderDocument, type DocumentAssets } from './renderDocument';
import type { LoadedPage, LocaleScripts } from './remotes/loadedVersion';
import type { Stylesheet } from './stylesheetTexts';

/** The shell's own stylesheets, scripts and start-up fetches (from its browser build). */
export type ShellAssets = Omit<DocumentAssets, 'stylesheets' | 'preloadScripts'> & {
  /** Read from the shell's own build, so always with their text. */
  stylesheets: readonly Stylesheet[];
  /** The shell's strings per language, preloaded by a page rendered in that language. */
  localeScripts: LocaleScripts;
};

type StaticHandler = ReturnType<typeof createStaticHandler>;
export type StaticContext = Exclude<Awaited<ReturnType<StaticHandler['query']>>, Response>;

export interface DocumentRequest {
  context: StaticContext;
  language: Language;
  /** The remote page the route shows, if any, and its module if it loaded. */
  page: RemotePageId | null;
  loaded: LoadedPage | null;
  /** Renders the page's fallback (503 panel) instead of the page, which threw while rendering. */
  failed: boolean;
  pageStylesheets: readonly Stylesheet[];
  /** An error page answered instead of the URL's page. */
  httpStatus?: HttpErrorStatus;
}

/** The longest one render may take before the page's fallback is answered, unless configured. */
const RENDER_TIMEOUT_MS = 10_000;

export function createDocumentRenderer(options: { assets: ShellAssets; renderTimeoutMs?: number }) {
  const handler = createStaticHandler(routes);
  let shellStringsReady: Promise<void> | undefined;
  return {
    /**
     * The route table's answer for a URL, as the router renders it: its matches and loader data
     * (a page's module, from `pages`), or the redirect its page's loader answered.
     */
    async route(url: URL, pages: PageModules): Promise<StaticContext | Response> {
      return handler.query(new Request(url.href), { requestContext: pageModulesRouterContext(pages) });
    },
    /** The document's HTML, and what failed inside it (the caller answers the page's fallback). */
    async render({ context, language, page, loaded, failed, pageStylesheets, httpStatus }: DocumentRequest) {
      // The shell's own strings, once; a remote's page brings its version's strings pinned, so a
      // request never waits on another version's strings loading meanwhile.
      await (shellStringsReady ??= translationsReady());
      const shows = page && loaded && !failed;
      const rendered = page && failed ? withPageUnavailable(context, page) : context;
      return renderDocument({
        timeoutMs: options.renderTimeoutMs ?? RENDER_TIMEOUT_MS,
        handler,
        context: rendered,
        i18n: createRequestI18n(
          language,
          loaded?.strings[pageLanguage(loaded, language)],
          pageLanguage(loaded, language),
        ),
        state: {
          // An error's page is shared by every address that has it: it carries no page's data.
          loaderData: httpStatus ? {} : serializableLoaderData(rendered.loaderData),
          remoteManifests: shows ? { [remoteNameOf(page)]: loaded.manifestUrl } : {},
          ...(httpStatus ? { httpStatus } : {}),
        },
        assets: pageAssets(options.assets, language, loaded, pageStylesheets),
      });
    },
  };
}

export type DocumentRenderer = ReturnType<typeof createDocumentRenderer>;

/** The route's answer with the page's panel in place of a page that threw while rendering. */
function withPageUnavailable(context: StaticContext, page: RemotePageId): StaticContext {
  const unavailable: RemotePageData = { module: null, unavailable: 'server' };
  return { ...context, loaderData: { ...context.loaderData, [page]: unavailable } };
}

/** The language a remote's page is rendered in: the page's, or English where its version lacks it. */
function pageLanguage(loaded: LoadedPage | null | undefined, language: Language): Language {
  return !loaded || loaded.languages.includes(language) ? language : DEFAULT_LANGUAGE;
}

/** The files a document names: the shell's, then its page's (a loaded remote page's). */
export function pageAssets(
  shell: ShellAssets,
  language: Language,
  loaded: LoadedPage | null,
  pageStylesheets: readonly Stylesheet[],
): DocumentAssets {
  const { localeScripts, ...assets } = shell;
  return {
    ...assets,
    stylesheets: { shell: shell.stylesheets, page: pageStylesheets },
    // The strings are fetched only once the scripts have run: named here, they come with them.
    preloadFetches: [...assets.preloadFetches, ...(loaded ? [loaded.manifestUrl] : [])],
    preloadScripts: [
      ...(localeScripts[language] ?? []),
      ...(loaded?.scripts ?? []),
      ...(loaded?.localeScripts[pageLanguage(loaded, language)] ?? []),
    ],
  };
}

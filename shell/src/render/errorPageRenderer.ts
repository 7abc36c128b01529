// The pages answered instead of a URL's own: the 404 for every unknown path, and the site's page
// for an HTTP error (a malformed address, a refused method, too many requests). Each is rendered
// once per what its HTML depends on and shared by every request that needs it.
import { languageFromUrl, type Language } from 'shared-i18n';
import { currentNavigationTarget } from '../layout/navigation';
import type { HttpErrorStatus } from '../routes/httpStatus';
import type { PageModules } from '../routes/remotePageLoader';
import type { DocumentRenderer, StaticContext } from './documentRenderer';
import type { PageCache, RenderOutcome, RenderRequest } from './pageCache';

/** What an error's page loads of the URL's page: nothing, since it is not shown (nor redirected). */
const NO_PAGE: PageModules = { where: 'server', load: async () => null };

/** Where an error page is rendered when its request's address cannot be read (no link is current). */
const UNREADABLE_ADDRESS = new URL('http://shell.invalid/_shell/unreadable-address');

export function createErrorPageRenderer(options: {
  documents: DocumentRenderer;
  cache: PageCache;
  /** Every remote's live version, in one order: the 404's layout is kept per those versions. */
  liveVersions: () => readonly string[];
}) {
  const { documents, cache } = options;

  /** The layout around the shell's own page for `url`: the 404, or an error's page. */
  async function renderShellPage(
    url: URL,
    language: Language,
    { httpStatus, routed }: { httpStatus?: HttpErrorStatus; routed?: StaticContext } = {},
  ) {
    const context = routed ?? (await documents.route(url, NO_PAGE));
    if (context instanceof Response) throw new Error(`Unexpected redirect for ${url.pathname}`);
    const result = await documents.render({
      context,
      language,
      page: null,
      loaded: null,
      failed: false,
      pageStylesheets: [],
      ...(httpStatus ? { httpStatus } : {}),
    });
    if (result.errors.length > 0) throw result.errors[0];
    return result.html;
  }

  return {
    /**
     * The 404 page, rendered once per language, current header link and remotes' versions, and
     * answered for every unknown path since nothing else in it depends on the path: a scan of
     * made-up addresses costs lookups, not renders. `routed`: the URL's route, if the request has it.
     */
    notFound(
      url: URL,
      language: Language,
      beforeRender: RenderRequest['beforeRender'],
      routed?: StaticContext,
    ) {
      const navigation = currentNavigationTarget(url.pathname) ?? '';
      const key = { shows: '404', language, dependsOn: [navigation, ...options.liveVersions()] };
      return cache.shared(key, beforeRender, async () => {
        const html = await renderShellPage(url, language, { routed });
        return { kind: 'page', status: 404, html } satisfies RenderOutcome;
      });
    },

    /**
     * The site's page for an error, in the URL's language, rendered once per status, language and
     * current header link. `url` is only the query (with its `?`, or '') of an address whose path
     * cannot be read.
     */
    async httpStatus(
      status: HttpErrorStatus,
      url: URL | string,
      { beforeRender }: RenderRequest = {},
    ): Promise<{ status: HttpErrorStatus; html: string }> {
      const at = typeof url === 'string' ? new URL(url, UNREADABLE_ADDRESS) : url;
      const language = languageFromUrl(at.search);
      const navigation = currentNavigationTarget(at.pathname) ?? '';
      const key = { shows: `http-${status}`, language, dependsOn: [navigation] };
      const outcome = await cache.shared(key, beforeRender, async () => {
        const html = await renderShellPage(at, language, { httpStatus: status });
        // Kept like a page (`shared` keeps pages), answered with its own status by the server.
        return { kind: 'page', status: 200, html } satisfies RenderOutcome;
      });
      return { status, html: outcome.kind === 'page' ? outcome.html : '' };
    },
  };
}

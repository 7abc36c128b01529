import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'shared-i18n';
import type { i18n as I18n } from 'i18next';
import { StaticRouterProvider, createStaticRouter, type createStaticHandler } from 'shared-router/server';
import { Document } from '../document/Document';
import type { SsrState } from '../document/ssrState';
import { PageStylesheets } from './PageStylesheets';
import { PagePreloads } from './PagePreloads';
import type { Stylesheet } from './stylesheetTexts';

type StaticHandler = ReturnType<typeof createStaticHandler>;
type StaticContext = Exclude<Awaited<ReturnType<StaticHandler['query']>>, Response>;

/** The files a page needs before it paints, and the scripts that hydrate it. */
export interface DocumentAssets {
  /** The shell's stylesheets, then the page's: in <head>, so the HTML paints styled. */
  stylesheets: { shell: readonly Stylesheet[]; page: readonly Stylesheet[] };
  /** Fetched by the shell's script at start (the registry, the page's manifest). */
  preloadFetches: readonly string[];
  /**
   * Scripts the shell's script would load one after another (the page's remote container, then
   * its chunks, the strings): preloaded with the document, so they are there when it asks.
   */
  preloadScripts: readonly string[];
  /** The shell's own scripts, run as soon as each arrives (React's bootstrap scripts, async). */
  scripts: readonly string[];
}

export interface DocumentRender {
  handler: StaticHandler;
  context: StaticContext;
  i18n: I18n;
  state: SsrState;
  assets: DocumentAssets;
  /**
   * The longest a render may wait on what the page suspends on: then it is aborted, its
   * unfinished parts reported as errors (the caller answers the page's fallback) and nothing holds
   * the request any more.
   */
  timeoutMs: number;
}

/** The reason an aborted render reports for each part it did not finish. */
export class RenderTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`the render did not finish within ${timeoutMs} ms`);
    this.name = 'RenderTimeoutError';
  }
}

/**
 * Renders one request's document to a string once everything in it is ready (the page's module is
 * loaded before, so nothing waits). Errors inside the page are returned, not thrown: the caller
 * renders the page's fallback instead.
 */
export function renderDocument({ handler, context, i18n, state, assets, timeoutMs }: DocumentRender) {
  const router = createStaticRouter(handler.dataRoutes, context);
  const errors: unknown[] = [];
  return new Promise<{ html: string; errors: unknown[] }>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
      final(done) {
        clearTimeout(timer);
        resolve({ html: Buffer.concat(chunks).toString('utf8'), errors });
        done();
      },
    });
    let aborted = false;
    const timer = setTimeout(() => {
      aborted = true;
      stream.abort(new RenderTimeoutError(timeoutMs));
    }, timeoutMs);
    const stream = renderToPipeableStream(
      <I18nextProvider i18n={i18n}>
        <Document
          state={state}
          head={
            <>
              <PageStylesheets stylesheets={[...assets.stylesheets.shell, ...assets.stylesheets.page]} />
              <PagePreloads fetches={assets.preloadFetches} scripts={assets.preloadScripts} />
            </>
          }
        >
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </Document>
      </I18nextProvider>,
      {
        // Requested with the document: on a phone's network every round trip saved is the page
        // answering a tap sooner (docs/performance.md). Webpack's chunks may run in any order.
        bootstrapScripts: [...assets.scripts],
        // Everything is ready before the first byte: one document, with no boundary sent apart
        // (outlined boundaries come with inline scripts, which the site's CSP does not allow).
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        // After an abort, React reports ready while it still closes the other aborted parts: the
        // document is written once it has.
        onAllReady: () => (aborted ? setImmediate(() => stream.pipe(sink)) : stream.pipe(sink)),
        onShellError: (error) => {
          clearTimeout(timer);
          reject(error);
        },
        onError: (error) => {
          errors.push(error);
        },
      },
    );
  });
}

import { Suspense, use, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { forgetPageLoad, pageLoad, pageShown } from './pageLoads';
import { remoteNameOf, type RemoteName, type RemotePageId } from './remoteContracts';
import { RemoteBoundary } from './RemoteBoundary';
import { RemoteUnavailable } from './RemoteUnavailable';
import { PageLoading } from './PageLoading';
import { RenderedPagesContext } from './renderedPages';
import { overrideRequested } from './remoteRegistry';
import { loadRegistry } from './loadRemotePage';
import { retryUrlOf } from './remoteManifest';

function LoadedRemotePage({ page }: { page: RemotePageId }) {
  const serverLoaded = useContext(RenderedPagesContext).modules.get(page);
  const { default: Page } = serverLoaded ?? use(pageLoad(page));
  useEffect(pageShown, []);
  return <Page />;
}

const subscribeToNothing = () => () => undefined;
const yes = () => true;
const no = () => false;

/**
 * True while hydrating where `applies`, false otherwise: React reads the server snapshot while
 * hydrating and the browser's once it has hydrated. Where the two differ React renders the
 * component again at once, synchronously, with all of its subtree (a whole page: a long task on a
 * phone), so they differ only where it is needed.
 */
function useHydratingWhere(applies: boolean): boolean {
  return useSyncExternalStore(subscribeToNothing, no, applies ? yes : no);
}

const never = new Promise<never>(() => undefined);

/** Keeps the server's HTML of a page in place while hydrating, without rendering the page. */
function ServerHtml(): never {
  return use(never);
}

/**
 * True for a page that a QA override (query or localStorage) points at a candidate build. The
 * server never runs a visitor's candidate: it sent the registry's page, which stays on screen,
 * not hydrated, until the page's slot is rendered afresh in the browser after hydration.
 */
function useRenderInBrowserOnly(remote: RemoteName): boolean {
  const [overridden] = useState(() => typeof window !== 'undefined' && overrideRequested(remote));
  return useHydratingWhere(overridden);
}

/**
 * Whether Retry must load the document again. If the server's HTML preloaded this remote's
 * scripts and a preload failed (the remote became unreachable between the server's render and the
 * browser's load), Chrome answers the next request for that script with the same failure, without
 * going to the network. A released version is retried in place under fresh URLs (retryUrlOf); a
 * remote served from one fixed folder can only be retried by a new document.
 */
async function retryNeedsReload(remote: RemoteName): Promise<boolean> {
  let manifestUrl: string;
  try {
    manifestUrl = (await loadRegistry()).remotes[remote];
  } catch {
    return false; // No registry: nothing of the remote's can have been loaded.
  }
  if (retryUrlOf(manifestUrl, 1)) return false;
  const folder = new URL('./', manifestUrl).href;
  return [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"]')].some((link) =>
    link.href.startsWith(folder),
  );
}

/** A remote's page inside the shell's layout, with a localized fallback and Retry if it fails. */
export function RemotePage({ page }: { page: RemotePageId }) {
  const [attempt, setAttempt] = useState(0);
  // The server could not load the page within its budget (a remote starting or redeployed, a slow
  // network between them): its panel is hydrated as sent, then the browser, which loads remotes
  // itself, tries once on its own (a new boundary), and the panel with Retry stays only if that fails too.
  const failedOnServer = useHydratingWhere(useContext(RenderedPagesContext).failed.has(page));
  const remote = remoteNameOf(page);
  const holdServerHtml = useRenderInBrowserOnly(remote);
  return (
    // A retry remounts the boundary; the failed load is forgotten by then, so the page loads afresh.
    <RemoteBoundary
      key={`${page}#${attempt}#${failedOnServer ? 'server' : 'browser'}`}
      remote={remote}
      failedOnServer={failedOnServer}
      onError={() => forgetPageLoad(page)}
      onRetry={() =>
        void retryNeedsReload(remote).then((reload) =>
          reload ? window.location.reload() : setAttempt((count) => count + 1),
        )
      }
      fallback={(retry) => <RemoteUnavailable onRetry={retry} />}
    >
      <Suspense key={holdServerHtml ? 'server-html' : 'page'} fallback={<PageLoading />}>
        {holdServerHtml ? <ServerHtml /> : <LoadedRemotePage page={page} />}
      </Suspense>
    </RemoteBoundary>
  );
}

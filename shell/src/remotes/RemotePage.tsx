// A remote page's route element: the page its loader loaded (`useLoaderData`), inside its boundary,
// or its "temporarily unavailable" panel, whose Retry runs the loader again in place.
import { Suspense, use, useEffect, useState, useSyncExternalStore } from 'react';
import { useLoaderData, useRevalidator } from 'shared-router';
import type { RemotePageData, VersionPage } from '../routes/remotePageLoader';
import { pageShown, pageUnavailableShown } from './firstPage';
import { remoteNameOf, type RemoteName, type RemotePageId } from './remoteContracts';
import { PageInItsLanguages } from './PageInItsLanguages';
import { RemoteBoundary } from './RemoteBoundary';
import { RemoteUnavailable } from './RemoteUnavailable';
import { PageLoading } from './PageLoading';
import { overrideRequested } from './remoteRegistry';
import { loadRegistry } from './browserRemotes';
import { retryUrlOf } from './remoteManifest';

function LoadedRemotePage({ remote, page }: { remote: RemoteName; page: VersionPage }) {
  useEffect(pageShown, []);
  const { default: Page } = page.module;
  return (
    <PageInItsLanguages remote={remote} languages={page.languages}>
      <Page />
    </PageInItsLanguages>
  );
}

function UnavailablePage({ onRetry }: { onRetry: () => void }) {
  useEffect(pageUnavailableShown, []);
  return <RemoteUnavailable onRetry={onRetry} />;
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
 * True while hydrating a page whose server HTML the browser cannot hydrate: one a QA override
 * (query or localStorage) points at a candidate build (the server never runs a visitor's
 * candidate), or one whose remote the browser could not load. That HTML stays on screen, not
 * hydrated, until the page's slot is rendered afresh in the browser after hydration.
 */
function useHoldServerHtml(remote: RemoteName, data: RemotePageData): boolean {
  const [overridden] = useState(() => typeof window !== 'undefined' && overrideRequested(remote));
  return useHydratingWhere(overridden || data.unavailable === 'browser');
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

/** A remote's page inside the shell's layout, with a localized panel and Retry if it fails. */
export function RemotePage({ page }: { page: RemotePageId }) {
  const data = useLoaderData() as RemotePageData;
  const { revalidate } = useRevalidator();
  const [attempt, setAttempt] = useState(0);
  const remote = remoteNameOf(page);
  const holdServerHtml = useHoldServerHtml(remote, data);
  // The server could not load the page within its budget (a remote starting or redeployed, a slow
  // network between them): its panel is hydrated as sent, then the browser, which loads remotes
  // itself, runs the loader once on its own; the panel with Retry stays only if that fails too.
  const failedOnServer = data.unavailable === 'server';
  useEffect(() => {
    if (failedOnServer) void revalidate();
  }, [failedOnServer, revalidate]);
  const retry = () =>
    void retryNeedsReload(remote).then((reload) => {
      if (reload) window.location.reload();
      // A page that threw renders again in a new boundary; one that did not load is loaded again.
      else if (data.module) setAttempt((count) => count + 1);
      else void revalidate();
    });
  return (
    <RemoteBoundary
      key={`${page}#${attempt}`}
      remote={remote}
      onRetry={retry}
      fallback={(retryRender) => <RemoteUnavailable onRetry={retryRender} />}
    >
      <Suspense key={holdServerHtml ? 'server-html' : 'page'} fallback={<PageLoading />}>
        {holdServerHtml ? (
          <ServerHtml />
        ) : data.module ? (
          <LoadedRemotePage remote={remote} page={data} />
        ) : (
          <UnavailablePage onRetry={retry} />
        )}
      </Suspense>
    </RemoteBoundary>
  );
}

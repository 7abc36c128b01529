import { Suspense, use, useState } from 'react';
import { loadRemotePage } from './loadRemotePage';
import { remoteNameOf, type RemotePageId, type RemotePageModule } from './remoteContracts';
import { RemoteBoundary } from './RemoteBoundary';
import { RemoteUnavailable } from './RemoteUnavailable';
import { PageLoading } from './PageLoading';

/**
 * One load per page, kept across navigations. A failed load stays cached until its boundary has
 * caught it (a fresh promise on every render would make React retry forever), then it is
 * forgotten so that Retry, or coming back to the page later, loads it afresh.
 */
const pageLoads = new Map<RemotePageId, Promise<RemotePageModule>>();

function remotePageLoad(page: RemotePageId): Promise<RemotePageModule> {
  let load = pageLoads.get(page);
  if (!load) {
    load = loadRemotePage(page);
    pageLoads.set(page, load);
  }
  return load;
}

function LoadedRemotePage({ page }: { page: RemotePageId }) {
  const { default: Page } = use(remotePageLoad(page));
  return <Page />;
}

/** A remote's page inside the shell's layout, with a localized fallback and Retry if it fails. */
export function RemotePage({ page }: { page: RemotePageId }) {
  const [attempt, setAttempt] = useState(0);
  return (
    // A retry remounts the boundary; the failed load is forgotten by then, so the page loads afresh.
    <RemoteBoundary
      key={`${page}#${attempt}`}
      remote={remoteNameOf(page)}
      onError={() => pageLoads.delete(page)}
      onRetry={() => setAttempt((count) => count + 1)}
      fallback={(retry) => <RemoteUnavailable onRetry={retry} />}
    >
      <Suspense fallback={<PageLoading />}>
        <LoadedRemotePage page={page} />
      </Suspense>
    </RemoteBoundary>
  );
}

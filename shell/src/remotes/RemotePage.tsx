import { Suspense, use, useState } from 'react';
import { loadRemotePage } from './loadRemotePage';
import { remoteNameOf, type RemotePageId, type RemotePageModule } from './remoteContracts';
import { RemoteBoundary } from './RemoteBoundary';
import { RemoteUnavailable } from './RemoteUnavailable';
import { PageLoading } from './PageLoading';

/** Loaded pages stay loaded across navigations; a failed load is forgotten so it can be retried. */
const pageLoads = new Map<RemotePageId, Promise<RemotePageModule>>();

function remotePageLoad(page: RemotePageId): Promise<RemotePageModule> {
  let load = pageLoads.get(page);
  if (!load) {
    load = loadRemotePage(page).catch((error: unknown) => {
      pageLoads.delete(page);
      throw error;
    });
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
    // A retry remounts the boundary; the failed load was forgotten, so the page loads afresh.
    <RemoteBoundary
      key={`${page}#${attempt}`}
      remote={remoteNameOf(page)}
      onRetry={() => setAttempt((count) => count + 1)}
      fallback={(retry) => <RemoteUnavailable onRetry={retry} />}
    >
      <Suspense fallback={<PageLoading />}>
        <LoadedRemotePage page={page} />
      </Suspense>
    </RemoteBoundary>
  );
}

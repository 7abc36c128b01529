import { Suspense, use, useEffect, useState } from 'react';
import { forgetPageLoad, pageLoad, pageShown } from './pageLoads';
import { remoteNameOf, type RemotePageId } from './remoteContracts';
import { RemoteBoundary } from './RemoteBoundary';
import { RemoteUnavailable } from './RemoteUnavailable';
import { PageLoading } from './PageLoading';

function LoadedRemotePage({ page }: { page: RemotePageId }) {
  const { default: Page } = use(pageLoad(page));
  useEffect(pageShown, []);
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
      onError={() => forgetPageLoad(page)}
      onRetry={() => setAttempt((count) => count + 1)}
      fallback={(retry) => <RemoteUnavailable onRetry={retry} />}
    >
      <Suspense fallback={<PageLoading />}>
        <LoadedRemotePage page={page} />
      </Suspense>
    </RemoteBoundary>
  );
}

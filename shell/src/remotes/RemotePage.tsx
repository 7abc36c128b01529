import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { loadRemotePage } from './loadRemotePage';
import { remoteNameOf, type RemotePageId } from './remoteContracts';
import { RemoteBoundary } from './RemoteBoundary';
import { RemoteUnavailable } from './RemoteUnavailable';
import { PageLoading } from './PageLoading';

/** Loaded pages stay loaded across navigations; a failed load is forgotten so it can be retried. */
const loadedPages = new Map<RemotePageId, LazyExoticComponent<ComponentType>>();

function lazyRemotePage(page: RemotePageId): LazyExoticComponent<ComponentType> {
  let component = loadedPages.get(page);
  if (!component) {
    component = lazy(() =>
      loadRemotePage(page).catch((error: unknown) => {
        loadedPages.delete(page);
        throw error;
      }),
    );
    loadedPages.set(page, component);
  }
  return component;
}

/** A remote's page inside the shell's layout, with a localized fallback and Retry if it fails. */
export function RemotePage({ page }: { page: RemotePageId }) {
  const [attempt, setAttempt] = useState(0);
  // After a failure the cache holds nothing for this page, so a retry gets a fresh lazy component
  // (React keeps a failed one failed) and the new key remounts the boundary around it.
  const Page = lazyRemotePage(page);
  return (
    <RemoteBoundary
      key={`${page}#${attempt}`}
      remote={remoteNameOf(page)}
      onRetry={() => setAttempt((count) => count + 1)}
      fallback={(retry) => <RemoteUnavailable onRetry={retry} />}
    >
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    </RemoteBoundary>
  );
}

// The cancel page's state: what the link can do (awaited on the server, read from the page while
// hydrating, asked by the browser when neither had it), and the one press that cancels the call.
import { use, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'shared-router';
import type { CancellationView } from 'supabase-schema';
import { cancelBooking, fetchCancellation, isCancelToken } from './cancellationApi';
import { readEmbeddedCancellation } from './embeddedCancellation';
import { cancellationForServerRender } from './serverCancellation';

/**
 * What the page shows: the link's state as the database gives it, `justCancelled` once the
 * button has cancelled the call, and, before that is known, `checking` (being asked) or
 * `unreadable` (the database could not be asked; the visitor may ask again).
 */
export type CancelPageStatus = CancellationView['state'] | 'justCancelled' | 'checking' | 'unreadable';

export interface Cancellation {
  status: CancelPageStatus;
  /** The call the link is for, when known. */
  call: CancellationView['call'];
  /** The press is under way. */
  cancelling: boolean;
  /** The last press failed (network, server): nothing changed, the button is offered again. */
  cancelFailed: boolean;
  cancel: () => void;
  askAgain: () => void;
  /** What the server rendered with, for the page to embed unchanged. */
  rendered: CancellationView | null;
}

/** The answer the page is rendered with: awaited on the server, read from the page in the browser. */
function useRenderedCancellation(token: string | null): CancellationView | null {
  // On the server, the request's own location: one object per request, the same in every render of it.
  const request = useLocation();
  const [embedded] = useState(() => (typeof document === 'undefined' ? null : readEmbeddedCancellation()));
  // A malformed or missing token needs no request: the page says the link is not valid.
  if (!isCancelToken(token)) return null;
  if (typeof document === 'undefined') return use(cancellationForServerRender(token, request));
  return embedded;
}

/** One token's page (the caller gives each token a component of its own). */
export function useCancellation(token: string | null): Cancellation {
  const wellFormed = isCancelToken(token);
  const rendered = useRenderedCancellation(token);
  const [view, setView] = useState<CancellationView | null>(rendered);
  const [lookupFailed, setLookupFailed] = useState(false);
  const [asked, setAsked] = useState(0);
  const [cancelling, setCancelling] = useState(false);
  const [cancelFailed, setCancelFailed] = useState(false);
  const [justCancelled, setJustCancelled] = useState(false);
  const pressed = useRef(false);

  const needsAnswer = wellFormed && view === null;
  useEffect(() => {
    if (!needsAnswer || token === null) return;
    const request = new AbortController();
    fetchCancellation(token, request.signal).then(setView, (error: unknown) => {
      if (request.signal.aborted) return;
      console.error('[booking] the cancel link could not be read', error);
      setLookupFailed(true);
    });
    return () => request.abort();
  }, [needsAnswer, token, asked]);

  const askAgain = useCallback(() => {
    setLookupFailed(false);
    setAsked((count) => count + 1);
  }, []);

  const cancel = useCallback(() => {
    if (token === null || pressed.current) return;
    pressed.current = true;
    setCancelling(true);
    setCancelFailed(false);
    cancelBooking(token)
      .then(
        (answer) => {
          setJustCancelled(answer.state === 'cancelled');
          // The call stays on screen even if the answer leaves it out.
          setView((shown) => ({ state: answer.state, call: answer.call ?? shown?.call ?? null }));
        },
        (error: unknown) => {
          console.error('[booking] the call could not be cancelled', error);
          setCancelFailed(true);
        },
      )
      .finally(() => {
        pressed.current = false;
        setCancelling(false);
      });
  }, [token]);

  const status: CancelPageStatus = !wellFormed
    ? 'unknown'
    : view
      ? justCancelled
        ? 'justCancelled'
        : view.state
      : lookupFailed
        ? 'unreadable'
        : 'checking';
  return { status, call: view?.call ?? null, cancelling, cancelFailed, cancel, askAgain, rendered };
}

// The change page's state: what the link can do (awaited on the server, read from the page while
// hydrating, asked by the browser when neither had it), and the one press that moves the call.
import { use, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'shared-router';
import {
  CANCEL_TOKEN_PATTERN,
  CHANGE_STATES,
  type ChangeState,
  type ChangeView,
  type MovedView,
  type MoveRefusal,
} from 'supabase-schema';
import { fetchChange, moveBooking } from './changeApi';
import { readEmbeddedChange } from './embeddedChange';
import { changeForServerRender } from './serverChange';

/**
 * What the page shows: the link's state as the database gives it, `moved` once the button moved
 * the call, and, before that is known, `checking` or `unreadable` (the visitor may ask again).
 */
export type ChangePageStatus = ChangeState | 'moved' | 'checking' | 'unreadable';

export interface Change {
  status: ChangePageStatus;
  call: ChangeView['call'];
  movesLeft: number;
  /** Where the call was before the move this page made. */
  movedFrom: MovedView['moved_from'] | null;
  moving: boolean;
  /** Why the chosen time was refused (the call stays where it was), or null. */
  refusal: MoveRefusal | null;
  /** The last press failed (network, server): nothing changed, the button is offered again. */
  moveFailed: boolean;
  move: (day: string, time: string) => void;
  askAgain: () => void;
  rendered: ChangeView | null;
}

const isToken = (token: string | null): token is string => token !== null && CANCEL_TOKEN_PATTERN.test(token);

function useRenderedChange(token: string | null): ChangeView | null {
  const request = useLocation();
  const [embedded] = useState(() => (typeof document === 'undefined' ? null : readEmbeddedChange()));
  if (!isToken(token)) return null;
  if (typeof document === 'undefined') return use(changeForServerRender(token, request));
  return embedded;
}

/** One token's page (the caller gives each token a component of its own). */
export function useChange(token: string | null): Change {
  const wellFormed = isToken(token);
  const rendered = useRenderedChange(token);
  const [view, setView] = useState<ChangeView | null>(rendered);
  const [lookupFailed, setLookupFailed] = useState(false);
  const [asked, setAsked] = useState(0);
  const [moving, setMoving] = useState(false);
  const [moveFailed, setMoveFailed] = useState(false);
  const [refusal, setRefusal] = useState<MoveRefusal | null>(null);
  const [moved, setMoved] = useState<MovedView | null>(null);
  const pressed = useRef(false);

  const needsAnswer = wellFormed && view === null;
  useEffect(() => {
    if (!needsAnswer || token === null) return;
    const request = new AbortController();
    fetchChange(token, request.signal).then(setView, (error: unknown) => {
      if (request.signal.aborted) return;
      console.error('[booking] the change link could not be read', error);
      setLookupFailed(true);
    });
    return () => request.abort();
  }, [needsAnswer, token, asked]);

  const askAgain = useCallback(() => {
    setLookupFailed(false);
    setAsked((count) => count + 1);
  }, []);

  const move = useCallback(
    (day: string, time: string) => {
      if (token === null || pressed.current) return;
      pressed.current = true;
      setMoving(true);
      setMoveFailed(false);
      setRefusal(null);
      moveBooking(token, day, time)
        .then(
          (answer) => {
            if ('moved' in answer) return setMoved(answer.moved);
            // A refusal of the link itself (it was used or the call cancelled meanwhile) is the page's state.
            const linkState = CHANGE_STATES.find((state) => state === answer.refusal);
            if (linkState) setView((shown) => (shown ? { ...shown, state: linkState } : shown));
            else setRefusal(answer.refusal);
          },
          (error: unknown) => {
            console.error('[booking] the call could not be moved', error);
            setMoveFailed(true);
          },
        )
        .finally(() => {
          pressed.current = false;
          setMoving(false);
        });
    },
    [token],
  );

  const status: ChangePageStatus = !wellFormed
    ? 'link_unknown'
    : moved
      ? 'moved'
      : view
        ? view.state
        : lookupFailed
          ? 'unreadable'
          : 'checking';
  return {
    status,
    call: moved?.call ?? view?.call ?? null,
    movesLeft: moved?.moves_left ?? view?.moves_left ?? 0,
    movedFrom: moved?.moved_from ?? null,
    moving,
    refusal,
    moveFailed,
    move,
    askAgain,
    rendered,
  };
}

// The cancel page's state: what the link can do (see useLinkView), and the one press that cancels
// the call (see useLinkPress).
import { useCallback, useState } from 'react';
import type { CancellationView } from 'supabase-schema';
import { useLinkPress } from '../bookingLink/useLinkPress';
import { useLinkView } from '../bookingLink/useLinkView';
import { cancelBooking } from './cancellationApi';
import { cancellationLookup } from './cancellationLookup';

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

/** One token's page (the caller gives each token a component of its own). */
export function useCancellation(token: string | null): Cancellation {
  const { wellFormed, view, setView, waiting, askAgain, rendered } = useLinkView(cancellationLookup, token);
  const { busy, failed, press } = useLinkPress('[booking] the call could not be cancelled');
  const [justCancelled, setJustCancelled] = useState(false);

  const cancel = useCallback(() => {
    if (token === null) return;
    press(
      () => cancelBooking(token),
      (answer) => {
        setJustCancelled(answer.state === 'cancelled');
        // The call stays on screen even if the answer leaves it out.
        setView((shown) => ({ state: answer.state, call: answer.call ?? shown?.call ?? null }));
      },
    );
  }, [token, press, setView]);

  const status: CancelPageStatus = !wellFormed
    ? 'unknown'
    : !view
      ? waiting
      : justCancelled
        ? 'justCancelled'
        : view.state;
  return {
    status,
    call: view?.call ?? null,
    cancelling: busy,
    cancelFailed: failed,
    cancel,
    askAgain,
    rendered,
  };
}

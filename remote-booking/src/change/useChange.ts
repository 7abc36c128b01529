// The change page's state: what the link can do (see useLinkView), and the one press that moves
// the call (see useLinkPress), with the refusal of a time the database would not take.
import { useCallback, useState } from 'react';
import {
  CHANGE_STATES,
  type ChangeState,
  type ChangeView,
  type MovedView,
  type MoveRefusal,
} from 'supabase-schema';
import { useLinkPress } from '../bookingLink/useLinkPress';
import { useLinkView } from '../bookingLink/useLinkView';
import { moveBooking } from './changeApi';
import { changeLookup } from './changeLookup';

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

/** One token's page (the caller gives each token a component of its own). */
export function useChange(token: string | null): Change {
  const { wellFormed, view, setView, waiting, askAgain, rendered } = useLinkView(changeLookup, token);
  const { busy, failed, press } = useLinkPress('[booking] the call could not be moved');
  const [refusal, setRefusal] = useState<MoveRefusal | null>(null);
  const [moved, setMoved] = useState<MovedView | null>(null);

  const move = useCallback(
    (day: string, time: string) => {
      if (token === null) return;
      // The last try's refusal goes as this one is sent (none is set while a press is under way).
      setRefusal(null);
      press(
        () => moveBooking(token, day, time),
        (answer) => {
          if ('moved' in answer) return setMoved(answer.moved);
          // A refusal of the link itself (it was used or the call cancelled meanwhile) is the page's state.
          const linkState = CHANGE_STATES.find((state) => state === answer.refusal);
          if (linkState) setView((shown) => (shown ? { ...shown, state: linkState } : shown));
          else setRefusal(answer.refusal);
        },
      );
    },
    [token, press, setView],
  );

  const status: ChangePageStatus = !wellFormed
    ? 'link_unknown'
    : moved
      ? 'moved'
      : !view
        ? waiting
        : view.state;
  return {
    status,
    call: moved?.call ?? view?.call ?? null,
    movesLeft: moved?.moves_left ?? view?.moves_left ?? 0,
    movedFrom: moved?.moved_from ?? null,
    moving: busy,
    refusal,
    moveFailed: failed,
    move,
    askAgain,
    rendered,
  };
}

// The one press a link page offers (cancel the call, move it): one request at a time, busy
// meanwhile, and on a failure (network, server) said, logged and offered again; nothing changed.
import { useCallback, useRef, useState } from 'react';

export interface LinkPress {
  busy: boolean;
  /** The last press failed: nothing changed, the button is offered again. */
  failed: boolean;
  /** Sends `request` unless a press is under way, and hands its answer to `onAnswer`. */
  press: <Answer>(request: () => Promise<Answer>, onAnswer: (answer: Answer) => void) => void;
}

/** `failureLog`: what the log says when a press fails. */
export function useLinkPress(failureLog: string): LinkPress {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  // A ref, not the state: a second click before React renders the busy button must not send again.
  const pressed = useRef(false);

  const press = useCallback(
    <Answer>(request: () => Promise<Answer>, onAnswer: (answer: Answer) => void) => {
      if (pressed.current) return;
      pressed.current = true;
      setBusy(true);
      setFailed(false);
      request()
        .then(onAnswer, (error: unknown) => {
          console.error(failureLog, error);
          setFailed(true);
        })
        .finally(() => {
          pressed.current = false;
          setBusy(false);
        });
    },
    [failureLog],
  );
  return { busy, failed, press };
}

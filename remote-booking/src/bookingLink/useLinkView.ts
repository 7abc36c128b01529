// A link page's knowledge of its link: awaited on the server, read from the page while hydrating,
// asked by the browser when neither had it, and asked again when the visitor asks.
import { use, useCallback, useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { useLocation } from 'shared-router';
import { readEmbeddedJson } from '../embedded/EmbeddedJson';
import type { LinkLookup } from './linkLookup';
import { isLinkToken } from './linkToken';

export interface LinkView<View> {
  /** False for a malformed or missing token: the link is not valid, and nothing is asked. */
  wellFormed: boolean;
  /** What the link can do as the database last said, or null while not known. */
  view: View | null;
  /** For the page's press, whose answer is the link's new state. */
  setView: Dispatch<SetStateAction<View | null>>;
  /** What the page says while a well-formed link's view is not known: being asked, or it could not be (the visitor may ask again). */
  waiting: 'checking' | 'unreadable';
  askAgain: () => void;
  /** What the server rendered with, for the page to embed unchanged. */
  rendered: View | null;
}

/** The answer the page is rendered with: awaited on the server, read from the page in the browser. */
function useRenderedView<View>(lookup: LinkLookup<View>, token: string | null): View | null {
  // On the server, the request's own location: one object per request, the same in every render of it.
  const request = useLocation();
  const [embedded] = useState(() =>
    typeof document === 'undefined' ? null : readEmbeddedJson<View>(lookup.embeddedId),
  );
  // A malformed or missing token needs no request: the page says the link is not valid.
  if (!isLinkToken(token)) return null;
  if (typeof document === 'undefined') return use(lookup.forServerRender(token, request));
  return embedded;
}

/** One token's link (the page gives each token a component of its own). */
export function useLinkView<View>(lookup: LinkLookup<View>, token: string | null): LinkView<View> {
  const wellFormed = isLinkToken(token);
  const rendered = useRenderedView(lookup, token);
  const [view, setView] = useState<View | null>(rendered);
  const [lookupFailed, setLookupFailed] = useState(false);
  const [asked, setAsked] = useState(0);

  const needsAnswer = wellFormed && view === null;
  useEffect(() => {
    if (!needsAnswer || token === null) return;
    const request = new AbortController();
    lookup.fetchView(token, request.signal).then(setView, (error: unknown) => {
      if (request.signal.aborted) return;
      console.error(`[booking] ${lookup.name} could not be read`, error);
      setLookupFailed(true);
    });
    return () => request.abort();
  }, [lookup, needsAnswer, token, asked]);

  const askAgain = useCallback(() => {
    setLookupFailed(false);
    setAsked((count) => count + 1);
  }, []);

  const waiting = lookupFailed ? 'unreadable' : 'checking';
  return { wellFormed, view, setView, waiting, askAgain, rendered };
}

// The free slots the form offers: the server's answer while rendering and hydrating, then a fresh
// one from the browser as soon as the page is interactive, and again whenever asked (a slot lost).
import { startTransition, use, useCallback, useEffect, useMemo, useState } from 'react';
import type { DayAvailability } from 'supabase-schema';
import { fetchAvailability } from './availabilityApi';
import { readEmbeddedAvailability } from './embeddedAvailability';
import { availabilityForServerRender } from './serverAvailability';

export interface Availability {
  /** Null until an answer arrives, or when none could be had: the database still judges the send. */
  days: ReadonlyMap<string, DayAvailability> | null;
  /** The last day that may be booked (the horizon), when known. */
  lastDay: string | null;
  /** What the server rendered with, for the page to embed unchanged. */
  rendered: DayAvailability[] | null;
  /** Asks the database again (the answer replaces the days when it comes). */
  refresh: () => void;
}

const byDay = (days: DayAvailability[] | null) =>
  days ? new Map(days.map((entry) => [entry.day, entry])) : null;

/** The answer the page is rendered with: awaited on the server, read from the page in the browser. */
function useRenderedAvailability(): DayAvailability[] | null {
  const [embedded] = useState(() => (typeof document === 'undefined' ? null : readEmbeddedAvailability()));
  if (typeof document === 'undefined') return use(availabilityForServerRender());
  return embedded;
}

export function useAvailability(): Availability {
  const rendered = useRenderedAvailability();
  const [days, setDays] = useState<DayAvailability[] | null>(rendered);

  const [asked, setAsked] = useState(0);
  const refresh = useCallback(() => setAsked((count) => count + 1), []);

  useEffect(() => {
    const request = new AbortController();
    // The fresh answer re-renders the whole form: as a transition, React does it in slices and
    // lets a visitor's tap or keystroke go first (on a phone it is one long task otherwise).
    const show = (fresh: DayAvailability[]) => startTransition(() => setDays(fresh));
    fetchAvailability(request.signal).then(show, (error: unknown) => {
      if (!request.signal.aborted) console.error('[booking] availability could not be read', error);
    });
    return () => request.abort();
  }, [asked]);

  const known = useMemo(() => byDay(days), [days]);
  return { days: known, lastDay: days?.at(-1)?.day ?? null, rendered, refresh };
}

// What a server render of the cancel page shows for a token. React renders a suspended component
// again once its promise settles, so the same token must give the same promise until then: each
// answer is kept while it is awaited and for a second after, never longer, since the link's state
// changes when the visitor cancels (a reload must show it). A render never waits long, and never
// fails because of it: the browser asks again after hydration.
import type { CancellationView } from 'supabase-schema';
import { fetchCancellation } from './cancellationApi';

const WAIT_MS = 1_500;
/** How long a settled answer serves renders still under way (React's retry comes at once). */
const KEEP_SETTLED_MS = 1_000;
/** Tokens kept at once: a scan of made-up tokens cannot grow the server's memory. */
const MAX_KEPT = 500;

interface KeptAnswer {
  answer: Promise<CancellationView | null>;
  /** When it stops being used: never while it is awaited. */
  until: number;
}

const kept = new Map<string, KeptAnswer>();

function forgetOld(now: number): void {
  for (const [token, { until }] of kept) if (until <= now) kept.delete(token);
  // The oldest first (the map keeps the order they were asked in).
  for (const token of kept.keys()) {
    if (kept.size < MAX_KEPT) break;
    kept.delete(token);
  }
}

/** The link's state for a server render of a well-formed token, or null if the database did not answer in time. */
export function cancellationForServerRender(token: string): Promise<CancellationView | null> {
  forgetOld(Date.now());
  const known = kept.get(token);
  if (known) return known.answer;
  const entry: KeptAnswer = {
    answer: fetchCancellation(token, AbortSignal.timeout(WAIT_MS)).catch((error: unknown) => {
      console.error('[booking] the cancel link could not be read for the server render', error);
      return null;
    }),
    until: Infinity,
  };
  void entry.answer.then(() => {
    entry.until = Date.now() + KEEP_SETTLED_MS;
  });
  kept.set(token, entry);
  return entry.answer;
}

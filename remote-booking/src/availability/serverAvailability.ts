// The availability a server render embeds in the page. It is the same for every visitor at a given
// moment, so one answer is shared for a few seconds; a render never waits long for it and never
// fails because of it (the browser asks again once the page is interactive).
import type { DayAvailability } from 'supabase-schema';
import { fetchAvailability } from './availabilityApi';

const KEEP_MS = 15_000;
const WAIT_MS = 1_500;

let kept: { at: number; answer: Promise<DayAvailability[] | null> } | null = null;

export function availabilityForServerRender(now = Date.now()): Promise<DayAvailability[] | null> {
  if (kept && now - kept.at < KEEP_MS) return kept.answer;
  const answer = fetchAvailability(AbortSignal.timeout(WAIT_MS)).catch((error: unknown) => {
    console.error('[booking] availability could not be read for the server render', error);
    kept = null; // The next render asks again.
    return null;
  });
  kept = { at: now, answer };
  return answer;
}

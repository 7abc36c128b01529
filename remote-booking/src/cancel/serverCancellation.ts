// What a server render of the cancel page shows for a token, asked once per request. React renders
// a suspended component again once its promise settles, so the render must get the same promise
// back; the next request (a reload right after the visitor cancelled) must ask afresh, or it would
// show the call as still open. A render never waits long, and never fails because of it: the
// browser asks again after hydration.
import type { CancellationView } from 'supabase-schema';
import { fetchCancellation } from './cancellationApi';

const WAIT_MS = 1_500;

/**
 * Each request's answers, by token. The request is named by its router's location: the shell's
 * server makes a router for every request, whose location is one object for all its renders and
 * is dropped with it.
 */
const answersByRequest = new WeakMap<object, Map<string, Promise<CancellationView | null>>>();

/** The link's state for a server render of a well-formed token, or null if the database did not answer in time. */
export function cancellationForServerRender(
  token: string,
  request: object,
): Promise<CancellationView | null> {
  let answers = answersByRequest.get(request);
  if (!answers) answersByRequest.set(request, (answers = new Map()));
  let answer = answers.get(token);
  if (!answer) {
    answer = fetchCancellation(token, AbortSignal.timeout(WAIT_MS)).catch((error: unknown) => {
      console.error('[booking] the cancel link could not be read for the server render', error);
      return null;
    });
    answers.set(token, answer);
  }
  return answer;
}

// What a server render of the change page shows for a token, asked once per request (the cancel
// page's way, serverCancellation.ts): the same promise for every render of one request, a fresh
// one for the next, never a long wait and never a failed render.
import type { ChangeView } from 'supabase-schema';
import { fetchChange } from './changeApi';

const WAIT_MS = 1_500;

/** Each request's answers, by token, keyed by the request's router location (one object per request). */
const answersByRequest = new WeakMap<object, Map<string, Promise<ChangeView | null>>>();

/** The link's state for a server render of a well-formed token, or null if the database did not answer in time. */
export function changeForServerRender(token: string, request: object): Promise<ChangeView | null> {
  let answers = answersByRequest.get(request);
  if (!answers) answersByRequest.set(request, (answers = new Map()));
  let answer = answers.get(token);
  if (!answer) {
    answer = fetchChange(token, AbortSignal.timeout(WAIT_MS)).catch((error: unknown) => {
      console.error('[booking] the change link could not be read for the server render', error);
      return null;
    });
    answers.set(token, answer);
  }
  return answer;
}

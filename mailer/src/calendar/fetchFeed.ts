/**
 * Fetches a calendar feed's text over HTTP(S). Any failure (no answer in time, an error status, a
 * body too large) is a FeedError, so the reader keeps the last busy times it wrote.
 */
import { FeedError } from './busyIntervalsOfFeed';

/** A year of a busy agency's calendar is a few hundred kilobytes; far more is not a calendar. */
export const MAX_FEED_BYTES = 10 * 1024 * 1024;
export const FEED_TIMEOUT_MS = 20_000;

export type FetchFeed = (url: string) => Promise<string>;

export async function fetchFeed(url: string, send: typeof fetch = fetch): Promise<string> {
  let response: Response;
  try {
    response = await send(url, {
      headers: { accept: 'text/calendar, */*;q=0.1' },
      redirect: 'follow',
      signal: AbortSignal.timeout(FEED_TIMEOUT_MS),
    });
  } catch (error) {
    throw new FeedError(`no answer: ${(error as Error).message}`);
  }
  if (!response.ok) throw new FeedError(`answered HTTP ${response.status}`);
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_FEED_BYTES) throw new FeedError(`larger than ${MAX_FEED_BYTES} bytes`);
  const body = await response.arrayBuffer().catch((error: unknown) => {
    throw new FeedError(`body unreadable: ${(error as Error).message}`);
  });
  if (body.byteLength > MAX_FEED_BYTES) throw new FeedError(`larger than ${MAX_FEED_BYTES} bytes`);
  return new TextDecoder().decode(body);
}

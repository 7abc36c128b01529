// A booking link's database functions over PostgREST's RPC endpoint, with plain fetch and the anon
// key (the link pages need no supabase-js): where they are, how they are asked, and how an answer
// is checked before a page believes it.
import { bookingConfig } from '../config';

const rpcUrl = (name: string) => `${bookingConfig.supabaseUrl}/rest/v1/rpc/${name}`;

const anonHeaders = () => ({
  apikey: bookingConfig.supabaseAnonKey,
  Authorization: `Bearer ${bookingConfig.supabaseAnonKey}`,
  accept: 'application/json',
});

/** A call as the link functions name it: at least the day and time the pages show. */
export const isCall = (call: { preferred_date?: unknown; preferred_time?: unknown } | null | undefined) =>
  typeof call?.preferred_date === 'string' && typeof call.preferred_time === 'string';

/** `name`'s answer, checked by `isView`: an answer of another shape is a failure, not a state. */
export async function linkAnswer<View>(
  response: Response,
  name: string,
  isView: (answer: Partial<View> | null) => boolean,
): Promise<View> {
  if (!response.ok) throw new Error(`${name} answered ${response.status}`);
  const answer = (await response.json()) as Partial<View> | null;
  if (!isView(answer)) throw new Error(`${name} answered an unknown shape`);
  return answer as View;
}

/** What `token` can do now, as the read function `name` says (a GET: it changes nothing). */
export async function readLink<View>(
  name: string,
  token: string,
  isView: (answer: Partial<View> | null) => boolean,
  signal?: AbortSignal,
): Promise<View> {
  const url = `${rpcUrl(name)}?token=${encodeURIComponent(token)}`;
  return linkAnswer(await fetch(url, { headers: anonHeaders(), signal }), name, isView);
}

/** Calls the function `name` that acts on the link (a POST with `args` as JSON): the raw response. */
export function postToLink(name: string, args: Record<string, string>): Promise<Response> {
  return fetch(rpcUrl(name), {
    method: 'POST',
    headers: { ...anonHeaders(), 'Content-Type': 'application/json' },
    body: JSON.stringify(args),
  });
}

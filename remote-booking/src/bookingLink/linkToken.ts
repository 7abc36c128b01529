// A booking link's token: where its page finds it, and which tokens are worth asking the database about.
import { useSearchParams } from 'shared-router';
import { CANCEL_TOKEN_PATTERN } from 'supabase-schema';

/** A token as the e-mails write it (the cancel and change links carry the same one): anything else is not worth a request. */
export function isLinkToken(token: string | null): token is string {
  return token !== null && CANCEL_TOKEN_PATTERN.test(token);
}

/** The token in the page's address (/booking/cancel?token=…), or null. */
export function useLinkToken(): string | null {
  const [search] = useSearchParams();
  return search.get('token');
}

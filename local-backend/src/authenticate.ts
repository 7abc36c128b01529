import type { IncomingHttpHeaders } from 'node:http';
import type { ApiRole } from './database/Database';
import { LOCAL_API_KEYS } from './config';
import { PostgrestError } from './postgrest/PostgrestError';

/**
 * Which role a request acts as, the way Supabase decides it: the `apikey` header (or query
 * parameter) must be one of the project's keys, and a bearer token, when present, names the role.
 */
export function authenticate(headers: IncomingHttpHeaders, search: URLSearchParams): ApiRole {
  const apiKey = (headers.apikey as string | undefined) ?? search.get('apikey');
  if (!apiKey) {
    throw new PostgrestError(
      401,
      'PGRST301',
      'No API key found in request',
      null,
      'No `apikey` request header or url param was found.',
    );
  }
  const keyRole = LOCAL_API_KEYS[apiKey];
  if (!keyRole) {
    throw new PostgrestError(
      401,
      'PGRST301',
      'Invalid API key',
      null,
      'Double check your Supabase `anon` or `service_role` API key.',
    );
  }
  const bearer = headers.authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
  if (!bearer) return keyRole;
  const bearerRole = LOCAL_API_KEYS[bearer];
  if (!bearerRole)
    throw new PostgrestError(
      401,
      'PGRST301',
      'Invalid bearer token',
      null,
      'The Authorization header holds no key of this project.',
    );
  return bearerRole;
}

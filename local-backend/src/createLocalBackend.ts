import http from 'node:http';
import type { LocalBackendConfig } from './config';
import type { ApiRole, Database } from './database/Database';
import { authenticate } from './authenticate';
import { handleEmailSend } from './emailjs/handleEmailSend';
import { applyCors, BodyTooLargeError, readBody, sendJson, sendText } from './http/httpHelpers';
import { handleRestRequest } from './postgrest/handleRestRequest';
import { handleRpcRequest } from './postgrest/handleRpcRequest';
import { PostgrestError, toPostgrestError } from './postgrest/PostgrestError';

const REST_PREFIX = '/rest/v1/';
/** PostgREST's prefix for functions, so a function and a table may share a name. */
const RPC_PREFIX = 'rpc/';
const EMAIL_SEND_PATH = '/api/v1.0/email/send';

function parseJson(text: string): unknown {
  if (text.trim() === '') throw new PostgrestError(400, 'PGRST102', 'Empty or invalid json');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new PostgrestError(400, 'PGRST102', 'Empty or invalid json', (error as Error).message);
  }
}

/**
 * The request's headers as PostgREST passes them to SQL, with the connecting socket's address
 * appended to X-Forwarded-For, as a gateway in front of PostgREST does. Whatever the client wrote
 * there stays to the left of it: the database reads the entry its one trusted proxy (this server)
 * appended, counting from the right (private.booking_settings, set by startLocalBackend).
 */
function forwardedHeaders(request: http.IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const client = request.socket.remoteAddress?.replace(/^::ffff:/, '') ?? 'unknown';
  const sent = headers['x-forwarded-for'];
  headers['x-forwarded-for'] = sent ? `${sent}, ${client}` : client;
  return headers;
}

async function serveRest(
  database: Database,
  config: LocalBackendConfig,
  request: http.IncomingMessage,
  url: URL,
  response: http.ServerResponse,
) {
  let role: ApiRole = 'anon';
  try {
    role = authenticate(request.headers, url.searchParams);
    // The gateway's key check takes the key off the request (Kong's key-auth, hide_credentials).
    url.searchParams.delete('apikey');
    const method = request.method ?? 'GET';
    const resource = decodeURIComponent(url.pathname.slice(REST_PREFIX.length));
    const fn = resource.startsWith(RPC_PREFIX) ? resource.slice(RPC_PREFIX.length) : null;
    const hasBody = method === 'POST' || method === 'PATCH';
    const text = hasBody ? await readBody(request, config.maxBodyBytes) : '';
    // PostgREST reads an RPC's empty body as no arguments; a table's as invalid JSON.
    const body = !hasBody ? undefined : fn !== null && text.trim() === '' ? {} : parseJson(text);
    const profile = request.headers['content-profile'] ?? request.headers['accept-profile'];
    if (profile && profile !== 'public') {
      throw new PostgrestError(406, 'PGRST106', 'The schema must be one of the following: public');
    }
    const common = {
      method,
      path: url.pathname,
      search: url.searchParams,
      headers: forwardedHeaders(request),
      body,
      role,
    };
    const result =
      fn !== null
        ? await handleRpcRequest(database, { ...common, fn })
        : await handleRestRequest(database, { ...common, table: resource });
    sendJson(response, result.status, result.body, result.headers);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      sendJson(response, 413, new PostgrestError(413, 'PGRST413', 'Payload too large', error.message));
      return;
    }
    const failure = toPostgrestError(error, role);
    if (failure.status >= 500) console.error('[local-backend]', error);
    sendJson(response, failure.status, failure);
  }
}

async function serveEmailSend(
  database: Database,
  config: LocalBackendConfig,
  request: http.IncomingMessage,
  response: http.ServerResponse,
) {
  try {
    const result = await handleEmailSend(
      database,
      config.emailJs,
      await readBody(request, config.maxBodyBytes),
      request.headers.origin,
    );
    sendText(response, result.status, result.text);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return sendText(response, 413, 'The request body is too large');
    console.error('[local-backend]', error);
    sendText(response, 500, 'The message could not be stored');
  }
}

/**
 * The local stand-in for hosted Supabase (REST) and EmailJS (send), on one port. The browser
 * code talks to it unchanged, over the same HTTP protocols.
 */
export function createLocalBackend(database: Database, config: LocalBackendConfig): http.Server {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://${request.headers.host ?? 'localhost'}`);
    applyCors(request, response, config.allowedOrigins);
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end();
      return;
    }
    if (url.pathname.startsWith(REST_PREFIX)) {
      void serveRest(database, config, request, url, response);
    } else if (url.pathname === EMAIL_SEND_PATH && request.method === 'POST') {
      void serveEmailSend(database, config, request, response);
    } else if (url.pathname === '/health') {
      sendJson(response, 200, { status: 'ok', database: database.description });
    } else {
      sendJson(response, 404, { message: 'no Route matched with those values' });
    }
  });
  // A client reuses an idle connection for its next request; Node's 5 s default closes it under the
  // client when answers queue behind one database (a burst of bookings): POSTs then fail with
  // ECONNRESET. Hosted gateways keep idle connections about a minute.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}

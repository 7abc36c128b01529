import type { IncomingMessage, ServerResponse } from 'node:http';

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Request body is larger than ${limit} bytes`);
  }
}

/** Reads the request body, refusing it as soon as it passes `limit` bytes. */
export async function readBody(request: IncomingMessage, limit: number): Promise<string> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > limit) throw new BodyTooLargeError(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new BodyTooLargeError(limit);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const payload = body === undefined ? '' : JSON.stringify(body);
  response.writeHead(status, {
    ...(payload ? { 'Content-Type': 'application/json; charset=utf-8' } : {}),
    ...headers,
  });
  response.end(payload);
}

export function sendText(response: ServerResponse, status: number, text: string) {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  response.end(text);
}

/** Allowed when a preflight names none (hosted Supabase reflects the headers a preflight asks for). */
const ALLOWED_HEADERS = [
  'apikey',
  'authorization',
  'content-type',
  'prefer',
  'accept',
  'accept-profile',
  'content-profile',
  'range',
  'x-client-info',
  'x-supabase-api-version',
].join(', ');

/**
 * CORS as the hosted services answer it, limited to the site's own origins: the browser may call
 * from the shell and the remotes, not from any page on the web. Like Supabase's gateway and
 * PostgREST, a preflight's requested headers are allowed as asked (the booking's X-Booking-Proof).
 */
export function applyCors(
  request: IncomingMessage,
  response: ServerResponse,
  allowedOrigins: string[],
): void {
  const origin = request.headers.origin;
  if (!origin || !allowedOrigins.includes(origin)) return;
  response.setHeader('Access-Control-Allow-Origin', origin);
  response.setHeader('Vary', 'Origin, Access-Control-Request-Headers');
  response.setHeader('Access-Control-Allow-Methods', 'GET, POST, PATCH, DELETE, OPTIONS');
  response.setHeader(
    'Access-Control-Allow-Headers',
    request.headers['access-control-request-headers'] || ALLOWED_HEADERS,
  );
  response.setHeader('Access-Control-Expose-Headers', 'Content-Range, Content-Location');
  response.setHeader('Access-Control-Max-Age', '600');
}

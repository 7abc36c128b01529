import 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The kind of answer, for the request's log line and metrics (never a visitor's path). */
    routeKind: string | null;
    /** Whether a page came from the HTML cache (`hit`) or was rendered (`miss`). */
    htmlCache: 'hit' | 'miss' | null;
  }
}

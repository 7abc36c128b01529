// What the server's plugins add to Fastify's request and instance (the renderer they share is typed
// by its own entry: renderBundle.d.ts).
import type { Duplex } from 'node:stream';
import type { Preview } from 'release-registry/preview-links';
import 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The kind of answer, for the request's log line and metrics (never a visitor's path). */
    routeKind: string | null;
    /** Whether a page came from the HTML cache (`hit`) or was rendered (`miss`). */
    htmlCache: 'hit' | 'miss' | null;
    /** The candidate this visitor previews, from their signed cookie (previewRoute.mjs). */
    preview: Preview | null;
  }
  interface FastifyInstance {
    /** The security headers every page carries (securityHeaders.mjs). */
    pageHeaders: Readonly<Record<string, string>>;
    /** Answers an error with the site's page for its status (errorPages.mjs). */
    sendErrorPage(request: FastifyRequest, reply: FastifyReply, error: unknown): Promise<FastifyReply>;
    /** Answers a request Node's parser refused, on its raw socket (errorPages.mjs). */
    sendClientErrorPage(error: Error & { code?: string }, socket: Duplex): Promise<void>;
  }
}

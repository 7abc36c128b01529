// Owns every error a visitor can reach, answered with the site's own page and its status: what a
// handler or hook throws (setErrorHandler), an address the router refuses (frameworkErrors), a
// request Node's parser refuses (answered on the raw socket), a body sent to the site (405, or 413
// over the limit) and an address too long (414).
import fp from 'fastify-plugin';
import { RETRY_AFTER_SECONDS } from './cacheableResponses.mjs';
import { readableUrl, splitAddress } from './requestAddress.mjs';

/** The shell takes no request bodies: one is read only to answer 405 (or 413) politely. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/** @param {number} statusCode @param {string} message */
export function httpError(statusCode, message) {
  return Object.assign(new Error(message), { statusCode });
}

/**
 * Fastify's `frameworkErrors`: a malformed address (`/%E0%A4%A`) is answered like any other error.
 * @type {NonNullable<import('fastify').FastifyServerOptions['frameworkErrors']>}
 */
export function frameworkErrors(error, request, reply) {
  void reply.server.sendErrorPage(request, reply, error);
}

/**
 * Fastify's `clientErrorHandler` (called with the server as `this`).
 * @this {import('fastify').FastifyInstance} @param {Error & { code?: string }} error @param {import('node:stream').Duplex} socket
 */
export function clientErrorHandler(error, socket) {
  void this.sendClientErrorPage(error, socket);
}

/**
 * @typedef {object} ErrorPagesOptions
 * @property {import('./renderBundle.js').SiteRenderer} renderer
 * @property {string} clientRenderedPage the build's index.html: sent when even an error page fails
 * @property {number} maxUrlLength the longest address answered (SHELL_MAX_URL_LENGTH)
 */

/** @type {import('fastify').FastifyPluginAsync<ErrorPagesOptions>} */
async function errorPages(app, { renderer, clientRenderedPage, maxUrlLength }) {
  /**
   * The site's page for an error, with its status, in the request's language when its address can
   * be read. If even that cannot be rendered, the client-rendered page carries the status.
   * @param {import('fastify').FastifyRequest} request @param {import('fastify').FastifyReply} reply @param {unknown} error
   */
  async function sendErrorPage(request, reply, error) {
    const code = /** @type {{ statusCode?: number }} */ (error)?.statusCode;
    const status = code && code >= 400 && code < 600 ? code : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    request.routeKind = 'error';
    const page = renderer.httpErrorPageFor(status);
    reply.code(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
    if (status === 503) reply.header('Retry-After', RETRY_AFTER_SECONDS);
    try {
      // An address whose path cannot be read still has its `?lang` read.
      const address = readableUrl(request.url) ?? splitAddress(request.url).search;
      const { html } = await renderer.renderHttpStatus(page, address);
      return reply.send(html);
    } catch (renderError) {
      request.log.error({ err: renderError }, `the ${page} page could not be rendered`);
      return reply.send(clientRenderedPage);
    }
  }

  /**
   * A request Node's parser refused before Fastify saw it (headers over 16 KiB, most often a huge
   * address: 431; anything else malformed: 400), answered on the raw socket with the site's page in
   * the default language, since nothing of the request can be read.
   * @param {Error & { code?: string }} error @param {import('node:stream').Duplex} socket
   */
  async function sendClientErrorPage(error, socket) {
    if (error.code === 'ECONNRESET' || !socket.writable) return;
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    try {
      const { html } = await renderer.renderHttpStatus(tooLarge ? 414 : 400, '');
      const body = Buffer.from(html);
      const head = {
        ...app.pageHeaders,
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Length': String(body.length),
        'Cache-Control': 'no-store',
        Connection: 'close',
      };
      const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
      const lines = Object.entries(head).map(([name, value]) => `${name}: ${value}`);
      if (socket.writable)
        socket.end(Buffer.concat([Buffer.from(`HTTP/1.1 ${status}\r\n${lines.join('\r\n')}\r\n\r\n`), body]));
    } catch {
      socket.destroy();
    }
  }

  app.decorate('sendErrorPage', sendErrorPage);
  app.decorate('sendClientErrorPage', sendClientErrorPage);
  app.setErrorHandler((error, request, reply) => sendErrorPage(request, reply, error));
  // Bodies are read only to be refused (405); any content type, up to the body limit (else 413).
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null));
  app.addHook('onRequest', async (request) => {
    if (request.url.length > maxUrlLength) throw httpError(414, 'URI Too Long');
  });
}

export default fp(errorPages, { name: 'error-pages', dependencies: ['request-log', 'security-headers'] });

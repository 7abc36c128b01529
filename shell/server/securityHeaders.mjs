// Owns the security headers every answer of the server carries (the site's Content-Security-Policy,
// COOP, and HSTS on an https site), and the redirect to the site's https URL of a request its proxy
// took over plain http.
import fp from 'fastify-plugin';

/** Two years, as browsers' preload lists ask (docs/operator.md, "Security headers"). */
const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains';

/**
 * @typedef {object} SecurityHeadersOptions
 * @property {Record<string, string>} headers the site's security headers (build-tools' securityHeaders.mjs)
 * @property {URL} siteUrl the site's public URL: https turns HSTS on, and the redirect goes there
 * @property {boolean} httpsRedirect redirect what the proxy took over http (SHELL_HTTPS_REDIRECT)
 */

/** @type {import('fastify').FastifyPluginAsync<SecurityHeadersOptions>} */
async function securityHeaders(app, { headers, siteUrl, httpsRedirect }) {
  app.decorate('pageHeaders', {
    ...headers,
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(siteUrl.protocol === 'https:' && { 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY }),
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(app.pageHeaders);
    // `request.protocol` is the proxy's X-Forwarded-Proto when a trusted proxy sent one (trustProxy);
    // a request that names none came to the server itself (the operator, a health check): as it is.
    if (httpsRedirect && request.headers['x-forwarded-proto'] && request.protocol === 'http') {
      request.routeKind = 'https-redirect';
      // Joined, not resolved: `//elsewhere.example` stays on the site.
      return reply.redirect(`${siteUrl.origin}${request.url}`, 308);
    }
  });
}

export default fp(securityHeaders, { name: 'security-headers', dependencies: ['request-log'] });

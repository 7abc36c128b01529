// Owns the security headers every answer of the server carries (the site's Content-Security-Policy,
// made for the registry's document as last read when the request arrives, COOP, and HSTS on an https
// site), and the redirect to the site's https URL of a request its proxy took over plain http.
import fp from 'fastify-plugin';

/** Two years, as browsers' preload lists ask (docs/operator.md, "Security headers"). */
const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains';

/** @typedef {import('./registrySource.mjs').RegistryDocument} RegistryDocument */

/**
 * @typedef {object} SecurityHeadersOptions
 * @property {(registry: RegistryDocument | undefined) => Record<string, string>} headers the site's
 *   security headers for the registry's document (build-tools' securityHeaders.mjs)
 * @property {() => Promise<RegistryDocument | undefined>} readRegistry reads the registry's document
 * @property {() => RegistryDocument | undefined} latestRegistry the document read last
 * @property {URL} siteUrl the site's public URL: https turns HSTS on, and the redirect goes there
 * @property {boolean} httpsRedirect redirect what the proxy took over http (SHELL_HTTPS_REDIRECT)
 */

/** @type {import('fastify').FastifyPluginAsync<SecurityHeadersOptions>} */
async function securityHeaders(app, { headers, readRegistry, latestRegistry, siteUrl, httpsRedirect }) {
  /** @type {{ registry: RegistryDocument | undefined, headers: Record<string, string> } | undefined} */
  let made;
  /** Made again only when the document changed: a read shared between requests is the same object. */
  const pageHeadersFor = (/** @type {RegistryDocument | undefined} */ registry) => {
    if (!made || made.registry !== registry)
      made = {
        registry,
        headers: {
          ...headers(registry),
          'Cross-Origin-Opener-Policy': 'same-origin',
          ...(siteUrl.protocol === 'https:' && { 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY }),
        },
      };
    return made.headers;
  };
  pageHeadersFor(await readRegistry());
  app.decorate('pageHeaders', {
    getter: () => /** @type {NonNullable<typeof made>} */ (made).headers,
  });
  app.addHook('onRequest', async (request, reply) => {
    // The document read last, not a read: no answer (a health check, a file) waits on the
    // registry; the read started here serves the next requests.
    void readRegistry();
    reply.headers(pageHeadersFor(latestRegistry()));
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

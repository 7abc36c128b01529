// Owns what crawlers and browsers ask the server for besides pages: /robots.txt and /sitemap.xml
// (cached like the HTML; docs/server-rendering.md, "Sitemap and robots.txt"), and /remotes.json,
// the registry as browsers read it.
import { RETRY_AFTER_SECONDS, sendCacheable } from './cacheableResponses.mjs';

/**
 * @typedef {object} CrawlerFilesOptions
 * @property {import('./renderBundle.js').SiteRenderer} renderer
 * @property {() => Promise<import('./registrySource.mjs').RegistryDocument>} readRegistry the environment's registry
 */

/** @type {import('fastify').FastifyPluginAsync<CrawlerFilesOptions>} */
export default async function crawlerFiles(app, { renderer, readRegistry }) {
  const robots = { text: renderer.robotsTxt };
  app.get('/robots.txt', (request, reply) => {
    request.routeKind = '/robots.txt';
    return sendCacheable(request, reply, {
      rendered: robots,
      text: robots.text,
      type: 'text/plain; charset=utf-8',
    });
  });
  app.get('/sitemap.xml', async (request, reply) => {
    request.routeKind = '/sitemap.xml';
    const sitemap = await renderer.renderSitemap();
    if (sitemap.status === 503) {
      // A remote's pages were never loaded: crawlers retry rather than drop those pages.
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .header('Retry-After', RETRY_AFTER_SECONDS)
        .send(`The sitemap is unavailable until these remotes answer: ${sitemap.missing.join(', ')}\n`);
    }
    return sendCacheable(request, reply, {
      rendered: sitemap,
      text: sitemap.xml,
      type: 'application/xml; charset=utf-8',
    });
  });
  // Each remote at the version this server renders (a version the registry names but the server has
  // not taken yet, or refused, is not loaded by browsers either). Never cached: a release changes it.
  app.get('/remotes.json', async (request, reply) => {
    request.routeKind = '/remotes.json';
    // The earlier versions are the servers' fallback, not the browsers' business.
    const read = await readRegistry();
    // A previewing visitor's browser loads the candidate on every later page too (previewRoute.mjs).
    const preview = request.preview ? { [request.preview.remote]: request.preview.manifestUrl } : {};
    const registry = { ...read, remotes: { ...read.remotes, ...renderer.liveManifests(), ...preview } };
    delete registry.previous;
    return reply.header('Cache-Control', 'no-cache').send(registry);
  });
}

import path from 'node:path';
import { APPS, findApp } from 'build-tools/apps';
import { serveStaticApp } from 'build-tools/serve';
import { serveShell } from 'shell/server';
import { startLocalBackend, type RunningBackend } from 'local-backend';
import { securityHeaders } from 'build-tools/securityHeaders';
import { readSiteOrigins } from 'build-tools/siteOrigins';

export const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '..', '..');

type AppName = (typeof APPS)[number]['name'];
type Server = Awaited<ReturnType<typeof serveStaticApp>>;

/**
 * The built apps served on their real ports, each on its own origin, as `npm start` serves them
 * (the shell by its server-rendering server),
 * with the local backend on its port over an in-memory database; tests stop and restart single
 * apps (or the backend) to prove the others keep working. Every app sends the site's security
 * headers, as its production host must.
 */
export class ComposedSite {
  private servers = new Map<AppName, Server>();
  backend: RunningBackend | null = null;

  static async start(): Promise<ComposedSite> {
    const site = new ComposedSite();
    for (const app of APPS) await site.start(app.name);
    await site.startBackend();
    return site;
  }

  async startBackend(): Promise<RunningBackend> {
    this.backend ??= await startLocalBackend();
    return this.backend;
  }

  /** The running backend's database, to read what the forms stored (as its owner). */
  get database(): RunningBackend['database'] {
    if (!this.backend) throw new Error('The local backend is stopped');
    return this.backend.database;
  }

  async stopBackend(): Promise<void> {
    await this.backend?.stop();
    this.backend = null;
  }

  url(name: AppName, pathname = '/'): string {
    return `http://localhost:${findApp(name).port}${pathname}`;
  }

  /**
   * Serves an app from its own dist, or from another build folder (a candidate deployment), with
   * the site's security headers or those of another environment.
   */
  async start(
    name: AppName,
    root = path.join(REPOSITORY_ROOT, findApp(name).dir, 'dist'),
    headers = securityHeaders(readSiteOrigins()),
  ): Promise<void> {
    if (this.servers.has(name)) return;
    const port = findApp(name).port;
    // The shell is served by its rendering server, each remote by a static host, as in production.
    const server =
      name === 'shell'
        ? await serveShell({ root, port, headers })
        : await serveStaticApp({ root, port, headers });
    this.servers.set(name, server);
  }

  async stop(name: AppName): Promise<void> {
    await this.servers.get(name)?.close();
    this.servers.delete(name);
  }

  /** A fresh server for the app: for the shell, one that has loaded no remote yet. */
  async restart(name: AppName): Promise<void> {
    await this.stop(name);
    await this.start(name);
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.servers.keys()].map((name) => this.stop(name)));
    await this.stopBackend();
  }
}

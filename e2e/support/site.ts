import path from 'node:path';
import { APPS, findApp } from 'build-tools/apps';
import { serveStaticApp } from 'build-tools/serve';

export const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '..', '..');

type AppName = (typeof APPS)[number]['name'];
type Server = Awaited<ReturnType<typeof serveStaticApp>>;

/**
 * The built apps served on their real ports, each on its own origin, as `npm start` serves them;
 * tests stop and restart single apps to prove the others keep working.
 */
export class ComposedSite {
  private servers = new Map<AppName, Server>();

  static async start(): Promise<ComposedSite> {
    const site = new ComposedSite();
    for (const app of APPS) await site.start(app.name);
    return site;
  }

  url(name: AppName, pathname = '/'): string {
    return `http://localhost:${findApp(name).port}${pathname}`;
  }

  /** Serves an app from its own dist, or from another build folder (a candidate deployment). */
  async start(name: AppName, root = path.join(REPOSITORY_ROOT, findApp(name).dir, 'dist')): Promise<void> {
    if (this.servers.has(name)) return;
    this.servers.set(name, await serveStaticApp({ root, port: findApp(name).port }));
  }

  async stop(name: AppName): Promise<void> {
    await this.servers.get(name)?.close();
    this.servers.delete(name);
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.servers.keys()].map((name) => this.stop(name)));
  }
}

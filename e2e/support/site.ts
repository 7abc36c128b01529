import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { APPS, appDist, findApp } from 'build-tools/apps';
import { serveStaticApp } from 'build-tools/serve';
import { readServerSettings, serveShell } from 'shell/server';
import { startLocalBackend, type RunningBackend } from 'local-backend';
import { securityHeaders } from 'build-tools/securityHeaders';
import { readSiteOrigins } from 'build-tools/siteOrigins';
import { publishEveryRemote, releaseEnvironment } from 'release-tools';
import {
  mailDevInbox,
  startMailDev,
  startMailer,
  startRadicale,
  type MailerConfig,
  type RunningMailDev,
  type RunningMailer,
  type RunningRadicale,
} from 'mailer';

export const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '..', '..');

type AppName = (typeof APPS)[number]['name'];

/** MailDev's usual ports, as `npm start` runs it. */
const MAILDEV_PORTS = { smtpPort: 1025, webPort: 1080 } as const;
/** Radicale's usual port: the agency's CalDAV calendar, for the specs that connect one. */
const RADICALE_PORT = 5232;
type RemoteAppName = Exclude<AppName, 'shell'>;
type Server = Awaited<ReturnType<typeof serveStaticApp>>;

/**
 * The built apps served on their real ports, each on its own origin, as `npm start` serves them
 * (the shell by its server-rendering server, each remote's build published as its first version
 * on its own release host, in a releases folder of the test's own), with the local backend on
 * its port over an in-memory database; tests stop and restart single apps (or the backend) to
 * prove the others keep working, and release other builds. Every app sends the site's security
 * headers, as its production host must.
 */
export class ComposedSite {
  private servers = new Map<AppName, Server>();
  backend: RunningBackend | null = null;
  private mailDev: RunningMailDev | null = null;
  private mailer: RunningMailer | null = null;
  private radicale: RunningRadicale | null = null;
  /** The inbox every booking message lands in (MailDev's REST API). */
  readonly inbox = mailDevInbox(`http://localhost:${MAILDEV_PORTS.webPort}`);
  /** The releases of this site: its own folder, hosts and registry (RELEASES_DIR). */
  readonly releasesDir = mkdtempSync(path.join(tmpdir(), 'e2e-releases-'));
  readonly releases = releaseEnvironment({
    RELEASES_DIR: this.releasesDir,
    RELEASES_ALLOW_OVERRIDES: 'true',
  });
  private readonly firstVersions = new Map<RemoteAppName, string>();

  /** The registry's file (remotes.json), which the site's shell servers read. */
  get registryFile(): string {
    const file = this.releases.registryFile;
    if (!file) throw new Error('the e2e site keeps its registry in a file of its own');
    return file;
  }

  static async start(): Promise<ComposedSite> {
    const site = new ComposedSite();
    for (const [name, version] of await publishEveryRemote(site.releases)) {
      site.firstVersions.set(name as RemoteAppName, version);
    }
    for (const app of APPS) await site.start(app.name);
    await site.startBackend();
    await site.startMailDev();
    await site.startMailer();
    return site;
  }

  /** The mailer, with the suite's quick settings and `options` on top (it is stopped first if running). */
  private async startMailer(options: Partial<MailerConfig> = {}): Promise<void> {
    await this.mailer?.stop();
    this.mailer = await startMailer({
      smtpUrl: `smtp://localhost:${MAILDEV_PORTS.smtpPort}`,
      port: 0,
      // Quick rounds and short retries: a test waits seconds for its mail, not minutes.
      pollIntervalMs: 200,
      backoffBaseSeconds: 1,
      backoffCapSeconds: 2,
      logLevel: 'silent',
      ...options,
    });
  }

  /**
   * Gives the agency a CalDAV calendar: Radicale on its port (started once), which the mailer
   * reads every 2 seconds and writes each booking into, as an operator's AGENCY_CALDAV_* do.
   */
  async connectAgencyCalendar(): Promise<RunningRadicale> {
    this.radicale ??= await startRadicale({ port: RADICALE_PORT });
    const { calendarUrl: url, username, password } = this.radicale;
    await this.startMailer({
      agencyCaldav: { url, username, password, calendarName: null },
      agencyCalendarReadSeconds: 2,
    });
    return this.radicale;
  }

  /** Back to an agency without a calendar: its busy times forgotten, Radicale stopped. */
  async disconnectAgencyCalendar(): Promise<void> {
    await this.startMailer();
    await this.backend?.database.query('delete from private.busy_sources');
    await this.radicale?.stop();
    this.radicale = null;
  }

  /**
   * Publishes another build of a remote and makes it live at once, as `release --no-verify`
   * does: the shell's servers still check it before they render it.
   */
  async release(name: RemoteAppName, dist: string): Promise<string> {
    const { version } = await this.releases.store(name).publish(dist);
    await this.makeLive(name, version);
    return version;
  }

  /** Points the registry at a published version of a remote (its first one: the build's). */
  async makeLive(name: RemoteAppName, version = this.firstVersions.get(name)): Promise<void> {
    if (!version) throw new Error(`${name} has no version published`);
    const expected = (await this.releases.registry.read())?.remotes[name] ?? null;
    const to = this.releases.manifestUrl(name, version);
    await this.releases.registry.change({ remote: name, expected, to, action: 'rollback' });
  }

  /** The manifest URL the registry names for a remote now. */
  async liveManifest(name: RemoteAppName): Promise<string | undefined> {
    return (await this.releases.registry.read())?.remotes[name];
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

  /** Where the agency's notices go (the mailer's AGENCY_INBOX, or the site's e-mail). */
  get agencyInbox(): string {
    if (!this.mailer) throw new Error('The mailer is stopped');
    return this.mailer.config.agencyInbox;
  }

  async startMailDev(): Promise<void> {
    this.mailDev ??= await startMailDev(MAILDEV_PORTS);
  }

  /** Stops the SMTP server and its inbox (their messages go with them): the mail waits in the queue. */
  async stopMailDev(): Promise<void> {
    await this.mailDev?.stop();
    this.mailDev = null;
  }

  url(name: AppName, pathname = '/'): string {
    return `http://localhost:${findApp(name).port}${pathname}`;
  }

  /**
   * Serves an app from its own dist (a remote's harness, at its host's root; its versions under
   * /releases/), or from another build folder, with the site's security headers or those of
   * another environment.
   */
  async start(
    name: AppName,
    root = appDist(findApp(name)),
    headers = securityHeaders(readSiteOrigins()),
  ): Promise<void> {
    if (this.servers.has(name)) return;
    const port = findApp(name).port;
    // The shell is served by its rendering server, each remote by a static host, as in production.
    const server =
      name === 'shell'
        ? await serveShell({
            root,
            port,
            headers,
            registryFile: this.registryFile,
            // The tests' output stays readable: the server's warnings and errors only. One client
            // (the tests) renders far more than a visitor: the render limit is server-errors.spec's.
            // The public settings are the tests' environment's, as the build's pages were checked with.
            settings: {
              logLevel: 'warn',
              renderLimit: { max: 1_000_000, windowMs: 60_000 },
              publicEnvironment: readServerSettings().publicEnvironment,
            },
          })
        : await serveStaticApp({
            root,
            port,
            headers,
            versionsRoot: this.releases.versionsDir(name),
          });
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
    await this.mailer?.stop();
    await this.radicale?.stop();
    await this.stopMailDev();
    await this.stopBackend();
    rmSync(this.releasesDir, { recursive: true, force: true });
  }
}

// The remotes as the shell's server sees them: one record of versions per remote, asked on a clock
// whether the registry names a new one (through the release gate), and the live versions' pages
// and lists handed to renders.
import { REMOTE_NAMES, remoteNameOf, type RemoteName, type RemotePageId } from '../remotes/remoteContracts';
import { timeOutRuntimeFetches } from './remotes/loadVersion';
import { passReleaseGate, type ReleaseGateOptions } from './remotes/releaseGate';
import { pageOf, type LoadedPage, type LoadedSitePages, type RemoteVersion } from './remotes/loadedVersion';
import { RemoteVersions, type RemoteStatus } from './remotes/remoteRecord';

export interface ServerRemotesOptions extends ReleaseGateOptions {
  /** How long a remote's manifest is trusted before it is asked again (revalidated). */
  manifestTtlMs: number;
}

/**
 * Located through the same registry as the browser, loaded over HTTP as Node containers by the
 * federation runtime, and revalidated off the request path. A version is rendered only once it
 * passed the release gate, so a broken release, or a host that stops answering, leaves visitors
 * on the last good version. Only a remote of which no version has passed yet makes its pages
 * wait (and fail) on the request path.
 */
export class ServerRemotes {
  private readonly remotes = new Map(REMOTE_NAMES.map((name) => [name, new RemoteVersions(name)]));
  private readonly poll: ReturnType<typeof setInterval>;

  constructor(private readonly options: ServerRemotesOptions) {
    timeOutRuntimeFetches();
    // Every remote is asked for a new version on a clock, not by visitors' requests: a release is
    // loaded and verified before anyone asks for its pages, whether the site is busy or quiet.
    // Due at half the interval: a tick comes a little less than an interval after the check the
    // tick before started (timers are not exact), and must not wait for the next one.
    this.poll = setInterval(() => {
      for (const remote of this.remotes.values()) {
        if (remote.isDue(options.manifestTtlMs / 2)) void this.check(remote);
      }
    }, options.manifestTtlMs);
    this.poll.unref();
  }

  /** Stops asking the remotes for new versions (the server is closing). */
  close(): void {
    clearInterval(this.poll);
  }

  /** A page's module from the remote's live version (loaded with it, so no load here). */
  async loadPage(page: RemotePageId): Promise<LoadedPage> {
    return pageOf(await this.liveVersion(remoteNameOf(page)), page);
  }

  /** The list of public pages the remote's live version serves (its `./sitePages`). */
  async loadSitePages(name: RemoteName): Promise<LoadedSitePages> {
    const remote = await this.liveVersion(name);
    return { pages: remote.sitePages, languages: remote.languages, version: remote.version };
  }

  /** The version of a remote rendered now, if one has passed: read on every cached request. */
  liveVersionOf(name: RemoteName): string | undefined {
    return this.record(name).live?.version;
  }

  /** The manifest of each remote's live version: what browsers are told to load (`/remotes.json`). */
  liveManifests(): Partial<Record<RemoteName, string>> {
    return Object.fromEntries(
      [...this.remotes].flatMap(([name, { live }]) => (live ? [[name, live.manifestUrl]] : [])),
    );
  }

  /** For each remote: what the registry names, what is rendered, and the last failure. */
  status(): Record<RemoteName, RemoteStatus> {
    return Object.fromEntries([...this.remotes].map(([name, remote]) => [name, remote.status()])) as Record<
      RemoteName,
      RemoteStatus
    >;
  }

  private record(name: RemoteName): RemoteVersions {
    const remote = this.remotes.get(name);
    if (!remote) throw new Error(`no remote is named ${name}`);
    return remote;
  }

  /**
   * The version to render. A live version is answered at once (the clock checks for a newer one);
   * without one, a request waits for the first check (or the one under way).
   */
  private async liveVersion(name: RemoteName): Promise<RemoteVersion> {
    const remote = this.record(name);
    if (remote.live) return remote.live;
    await (remote.isDue(this.options.manifestTtlMs) ? this.check(remote) : remote.checking);
    if (!remote.live) {
      throw new Error(`no version of ${name} has loaded: ${remote.failed?.reason ?? 'not asked yet'}`);
    }
    return remote.live;
  }

  private check(remote: RemoteVersions): Promise<void> {
    return remote.checkOnce(() => passReleaseGate(remote, this.options));
  }
}

// Everything this server knows of one remote's versions, in one record: the version the registry
// names, the one rendered (live), those kept for an instant rollback, the last that failed, and
// the check under way. Deciding what goes live is the release gate's (releaseGate.ts).
import type { RemoteName } from '../../remotes/remoteContracts';
import type { RemoteVersion } from './loadedVersion';
import type { RemoteStatus, Fallback } from '../../../server/statusPage.mjs';

// What an operator reads of one remote (GET /_shell/status): its one definition is the status
// page's (server/statusPage.mjs), which release-tools and the e2e tests read through.
export type { RemoteStatus, Fallback } from '../../../server/statusPage.mjs';

/** A version that could not be taken: known by its URL alone if its manifest was never read. */
export interface FailedVersion {
  label: string | null;
  reason: string;
  at: number;
}

/** How long a version that failed is left alone before its manifest is tried again. */
export const FAILED_VERSION_RETRY_MS = 30_000;
/** Versions kept in memory after they were replaced, for an instant rollback. */
const PREVIOUS_VERSIONS_KEPT = 2;

export class RemoteVersions {
  /** The version the registry names: its manifest URL and version, or its URL alone until read. */
  named: string | null = null;
  /** The version rendered: the last one that loaded and passed. */
  live: RemoteVersion | null = null;
  /** The last version that could not be taken, until one goes live. */
  failed: FailedVersion | null = null;
  /** Why the live version is an earlier one than the registry names, while it is. */
  fallback: Fallback | null = null;
  /**
   * The versions live just before (newest first): a rollback to one of them is a switch, with
   * nothing to load or check again. Bounded, so releases do not grow the heap.
   */
  private kept: RemoteVersion[] = [];
  /** The check under way: one at a time, shared by whoever asks meanwhile. */
  checking: Promise<void> | null = null;
  private checkedAt = 0;

  constructor(readonly name: RemoteName) {}

  /** Whether the registry should be asked again: its answer is trusted for `ttlMs`. */
  isDue(ttlMs: number): boolean {
    return Date.now() - this.checkedAt >= ttlMs;
  }

  /** Runs `check` unless one is under way, which is shared instead. */
  checkOnce(check: () => Promise<void>): Promise<void> {
    if (!this.checking) {
      this.checkedAt = Date.now();
      this.checking = check().finally(() => {
        this.checking = null;
      });
    }
    return this.checking;
  }

  /** A version this server had live before, still in memory. */
  keptVersion(version: string): RemoteVersion | undefined {
    return this.kept.find((earlier) => earlier.version === version);
  }

  /** Whether `label` failed lately enough to be left alone for now. */
  failedLately(label: string): boolean {
    return this.failed?.label === label && Date.now() - this.failed.at < FAILED_VERSION_RETRY_MS;
  }

  /**
   * `version` is rendered from now on; the one it replaces is kept for a rollback. With `fallback`,
   * it stands in for the named version, whose failure stays recorded (it is retried as any other).
   */
  switchTo(version: RemoteVersion, fallback: Fallback | null = null): void {
    if (this.live) {
      const others = this.kept.filter((earlier) => earlier.version !== version.version);
      this.kept = [this.live, ...others].slice(0, PREVIOUS_VERSIONS_KEPT);
    }
    this.live = version;
    this.fallback = fallback;
    if (!fallback) this.failed = null;
  }

  /** Records a failure; false if it repeats the last one (same version, same reason). */
  fail(label: string | null, reason: string): boolean {
    const previous = this.failed;
    this.failed = { label, reason, at: Date.now() };
    return !(previous && previous.label === label && previous.reason === reason);
  }

  status(): RemoteStatus {
    const { failed } = this;
    return {
      named: this.named,
      rendering: this.live?.version ?? null,
      lastFailure: failed
        ? { version: failed.label, reason: failed.reason, at: new Date(failed.at).toISOString() }
        : null,
      fallback: this.fallback,
    };
  }
}

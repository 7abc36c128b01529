import path from 'node:path';
import { appendFile, mkdir, open, readFile } from 'node:fs/promises';
import lockfile from 'proper-lockfile';
import writeFileAtomic from 'write-file-atomic';
import { previousVersions, DEFAULT_HISTORY_KEPT } from 'release-registry';
import { checkRegistryDocument } from 'release-registry/registry-document';

/**
 * @typedef {import('release-registry').RegistryDocument} RegistryDocument
 * @typedef {import('release-registry').Retention} Retention
 */

/**
 * @typedef {object} RegistryChange one line of the history
 * @property {number} revision the registry's revision this change made
 * @property {string} at ISO time
 * @property {string} remote
 * @property {'publish' | 'release' | 'rollback' | 'promote'} action
 * @property {string | null} from the manifest URL live before
 * @property {string} to the manifest URL live after
 * @property {string} [actor] who made it (lines written before the audit trail have none)
 * @property {string | null} [commit] the git commit of the build, null when unknown
 * @property {string} [environment] the registry's environment
 * @property {boolean} [verified] whether the version it made live had passed verification in this
 *   environment (what `rollback --to` asks; lines written before it existed have none)
 * @property {string} [role] the database role that made it, as the database saw it (Postgres only)
 */

/**
 * Whether a file is empty or ends with a line break (a crash can leave half a line behind, which
 * the next line must not be glued to). @param {string} file
 */
async function endsLine(file) {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return true;
    throw error;
  }
  try {
    const { size } = await handle.stat();
    if (size === 0) return true;
    const { buffer } = await handle.read(Buffer.alloc(1), 0, 1, size - 1);
    return buffer[0] === 0x0a;
  } finally {
    await handle.close();
  }
}

/** Another change to the same remote landed first: the caller decided on what it no longer is. */
export class RegistryConflictError extends Error {}

/**
 * The history once a change to `remote` is recorded: that remote's lines beyond the newest `kept`
 * left out, except those naming a URL in `protect` (what previous, rollback, rollback --to and
 * retention still read). Other remotes' lines wait for their own next change.
 * @param {RegistryChange[]} changes oldest first, the new one last
 * @param {{ remote: string, kept: number, protect: Set<string> }} rule
 */
function prunedHistory(changes, { remote, kept, protect }) {
  const ofRemote = changes.filter((change) => change.remote === remote);
  const beyond = new Set(
    ofRemote
      .slice(0, Math.max(0, ofRemote.length - kept))
      .filter((change) => !protect.has(change.to) && !(change.from && protect.has(change.from))),
  );
  return changes.filter((change) => !beyond.has(change));
}

/**
 * The registry of one environment: which version of each remote is live. Every change is one
 * atomic write (a reader never sees half a file), made under a lock, recorded in a history, and
 * refused when the remote's entry is no longer what the caller saw: two teams releasing at once
 * both land, and a team never undoes a change it did not see. The history keeps the newest
 * `historyKept` lines of each remote and every line naming a version still in use (prunedHistory).
 */
export class Registry {
  /**
   * @param {{ registryFile: string, historyFile: string, historyKept?: number, retention?: Retention }} files
   *   `retention`: the environment's keep settings, recorded beside the registry with each change
   *   for the prunes of other environments' jobs to read (retention.mjs)
   */
  constructor({ registryFile, historyFile, historyKept = DEFAULT_HISTORY_KEPT, retention }) {
    this.registryFile = registryFile;
    this.historyFile = historyFile;
    this.historyKept = historyKept;
    this.retentionToRecord = retention;
    this.retentionFile = path.join(path.dirname(registryFile), 'retention.json');
    /** Which registry this is, as a store records it (retention.mjs). */
    this.name = path.resolve(registryFile);
  }

  /** @returns {Promise<RegistryDocument | null>} null before the first change */
  async read() {
    try {
      return checkRegistryDocument(JSON.parse(await readFile(this.registryFile, 'utf8')), this.registryFile);
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return null;
      throw error;
    }
  }

  /**
   * Points one remote at a manifest URL.
   * @param {{ remote: string, expected: string | null, to: string, action: RegistryChange['action'], allowOverrides?: boolean, verified?: boolean, audit?: import('./releaseAudit.mjs').ReleaseAudit, keepHistoryOf?: string[] }} change
   *   `expected` is the remote's URL as the caller last read it (null: it had none); `verified`,
   *   whether `to` passed verification in this environment; `audit` is who makes the change, from
   *   which commit, in which environment (all recorded in the history); `keepHistoryOf`, the
   *   manifest URLs whose history lines the prune that follows keeps (the versions on the host)
   * @returns {Promise<RegistryChange | null>} null when the remote already pointed there
   */
  async change({
    remote,
    expected,
    to,
    action,
    allowOverrides = false,
    verified = false,
    audit,
    keepHistoryOf = [],
  }) {
    return this.#locked(async () => {
      const current = (await this.read()) ?? { remotes: {}, allowOverrides, revision: 0 };
      const from = current.remotes[remote] ?? null;
      if (from !== expected) {
        throw new RegistryConflictError(
          `${remote} changed meanwhile: it is now ${from ?? 'unset'}, not ${expected ?? 'unset'}. Read it again and retry.`,
        );
      }
      if (from === to) return null;
      const revision = (current.revision ?? 0) + 1;
      const remotes = { ...current.remotes, [remote]: to };
      /** @type {RegistryChange} */
      const entry = { revision, at: new Date().toISOString(), remote, action, from, to, ...audit, verified };
      const history = [...(await this.history()), entry];
      const previous = previousVersions(history, remotes);
      const next = { ...current, remotes, revision, previous };
      const protect = new Set([...keepHistoryOf, to, ...(previous[remote] ?? [])]);
      const kept = prunedHistory(history, { remote, kept: this.historyKept, protect });
      // History first: a crash between the two leaves a line for a change that did not happen
      // (harmless: rollback looks for the line that made the live version live), never a live
      // version without its line. A prune rewrites it whole, atomically, like remotes.json.
      if (kept.length < history.length) {
        await writeFileAtomic(this.historyFile, kept.map((line) => `${JSON.stringify(line)}\n`).join(''));
      } else {
        const separator = (await endsLine(this.historyFile)) ? '' : '\n';
        await appendFile(this.historyFile, `${separator}${JSON.stringify(entry)}\n`);
      }
      await writeFileAtomic(this.registryFile, `${JSON.stringify(next, null, 2)}\n`);
      if (this.retentionToRecord) {
        await writeFileAtomic(this.retentionFile, `${JSON.stringify(this.retentionToRecord)}\n`);
      }
      return entry;
    });
  }

  /**
   * The keep settings this environment's jobs last recorded, or null (none yet: the defaults).
   * @returns {Promise<Retention | null>}
   */
  async retention() {
    try {
      const { keep, keepLiveDays } = JSON.parse(await readFile(this.retentionFile, 'utf8'));
      return Number.isInteger(keep) && keep >= 1 && keepLiveDays >= 0 ? { keep, keepLiveDays } : null;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return null;
      throw error;
    }
  }

  /**
   * Every change, oldest first (of one remote, if named).
   * @param {string} [remote]
   * @returns {Promise<RegistryChange[]>}
   */
  async history(remote) {
    let text = '';
    try {
      text = await readFile(this.historyFile, 'utf8');
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ENOENT') throw error;
    }
    /** @type {RegistryChange[]} */
    const changes = text.split('\n').flatMap((line) => {
      try {
        return line ? [JSON.parse(line)] : [];
      } catch {
        return []; // a line cut short by a crash
      }
    });
    return remote ? changes.filter((change) => change.remote === remote) : changes;
  }

  /**
   * @template T
   * @param {() => Promise<T>} work
   * @returns {Promise<T>}
   */
  async #locked(work) {
    const folder = path.dirname(this.registryFile);
    await mkdir(folder, { recursive: true });
    const release = await lockfile.lock(folder, {
      lockfilePath: `${this.registryFile}.lock`,
      // A release waits its turn behind another team's change (a few milliseconds).
      retries: { retries: 100, minTimeout: 10, maxTimeout: 100 },
      stale: 10_000,
    });
    try {
      return await work();
    } finally {
      await release();
    }
  }
}

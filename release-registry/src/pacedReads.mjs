// The order and pace of a watcher's reads of the registry: one at a time, at most one a second,
// each covering every change asked about since the one before.

/**
 * The least time between the starts of two reads. Anyone who may change the registry can send
 * NOTIFY on its channel (PostgreSQL has no privilege for it), and 3,000 of them made one shell
 * server read 610 times; so a change reaches a shell server up to a second later than its
 * notification, and however many arrive, a server reads at most once a second.
 */
export const READ_GAP_MS = 1_000;

/**
 * @typedef {import('./registryDocument.mjs').RegistryDocument} WholeDocument
 * @typedef {Required<WholeDocument> | null} ReadDocument
 * @typedef {{ now: () => number, sleep: (ms: number) => Promise<void> }} Clock
 */

/** @type {Clock} */
const realClock = {
  now: () => Date.now(),
  // unref: a wait for the next read never keeps a process alive that has nothing else to do.
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref()),
};

/**
 * Reads one at a time, whole or by remote, each starting at least `gapMs` after the one before. A
 * read asked for while one runs or waits is made after it: the remotes named meanwhile, each once,
 * read together and merged into the last document; or, when a whole read was asked for, that alone
 * (it covers them). So the last document given is never older than the last ask, and however many
 * asks arrive, reads start at most once per `gapMs`. With no document yet (or the environment
 * absent), a remote read is a whole one. After `stop()`, nothing more is read.
 * @param {{ readWhole: () => Promise<ReadDocument>, readRemotes: (remotes: string[], last: Required<WholeDocument>) => Promise<ReadDocument>, onRead: (document: ReadDocument) => void, onFail: (error: unknown) => void, gapMs?: number, clock?: Clock }} reads
 */
export function pacedReads({
  readWhole,
  readRemotes,
  onRead,
  onFail,
  gapMs = READ_GAP_MS,
  clock = realClock,
}) {
  /** @type {Promise<void> | null} */
  let running = null;
  let wholeAsked = false;
  let stopped = false;
  /** @type {Set<string>} */
  const remotesAsked = new Set();
  /** @type {ReadDocument | undefined} */
  let last;
  /** @type {number | undefined} */
  let lastStarted;
  const next = () => {
    const remotes = [...remotesAsked];
    remotesAsked.clear();
    if (wholeAsked || !last) {
      wholeAsked = false;
      return readWhole();
    }
    return readRemotes(remotes, last);
  };
  const run = async () => {
    while (!stopped && (wholeAsked || remotesAsked.size > 0)) {
      const wait = lastStarted === undefined ? 0 : lastStarted + gapMs - clock.now();
      if (wait > 0) await clock.sleep(wait);
      if (stopped) return;
      lastStarted = clock.now();
      try {
        last = await next();
      } catch (error) {
        onFail(error);
        return;
      }
      onRead(last);
    }
  };
  const start = () => (running ??= run().finally(() => (running = null)));
  return {
    readWhole() {
      wholeAsked = true;
      remotesAsked.clear();
      return start();
    },
    /** @param {string} remote */
    readRemote(remote) {
      if (!wholeAsked) remotesAsked.add(remote);
      return start();
    },
    stop() {
      stopped = true;
    },
  };
}

// What a shell server needs of the Postgres registry: read an environment's document, and hear
// when it changes (reading then only the remote that changed).
import pg from 'pg';
import { pacedReads } from './pacedReads.mjs';
import { queryRegistryDocument, queryRemotesInto } from './registryDocument.mjs';

/**
 * The channel every registry change notifies, with the environment's name as the payload: what
 * shell servers listened to before REGISTRY_REMOTE_CHANNEL (schema version 3), still sent for them.
 */
export const REGISTRY_CHANNEL = 'release_registry';
/** The channel every registry change notifies with `{"environment": …, "remote": …}` (JSON). */
export const REGISTRY_REMOTE_CHANNEL = 'release_registry_remote';

const RECONNECT_FIRST_MS = 500;
/** At most this long between tries while the database is away: a server reads again within about a
 * second of its return (a try is one connection refused, nothing for the database to carry). */
const RECONNECT_MAX_MS = 1_000;
/** How often the document is read even without a notification: a missed one is caught by then. */
export const DEFAULT_REREAD_MS = 30_000;
/**
 * Longest a read may take. A half-open connection (a NAT or load balancer that forgot it, a
 * failover) answers nothing and reports no error: the read's timeout is what tells it is lost.
 */
const READ_TIMEOUT_MS = 5_000;
/** TCP keep-alive probes start after this long idle, so an idle connection's death is noticed. */
const KEEP_ALIVE_AFTER_MS = 10_000;
/**
 * Longest an ending connection may take to say goodbye: a half-open one never answers, so its
 * socket is destroyed instead (closing a watcher, or dropping a lost connection, never hangs).
 */
const END_WAIT_MS = 1_000;

/**
 * @typedef {import('./registryDocument.mjs').RegistryDocument} RegistryDocument
 * @typedef {{ databaseUrl: string, environment: string }} RegistryAddress
 */

/**
 * The environment's document, `{ remotes, allowOverrides, revision, previous }`, or null before its
 * first change; one connection, closed after.
 * @param {RegistryAddress} address
 */
export async function readRegistryDocument({ databaseUrl, environment }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await queryRegistryDocument(client, environment);
  } finally {
    await client.end();
  }
}

/**
 * Calls `onChange` with the environment's document now, after each change to it (LISTEN
 * release_registry_remote: only the changed remote is read, and merged into the last document),
 * after each reconnection and every `rereadMs` (the whole document: a change made while the
 * connection was down, or a notification lost on the way, is not missed). Reads take turns, at
 * most one a second (pacedReads.mjs: a change is seen up to a second after its notification);
 * notifications that arrive during one, or before the next may start, make one more read of the
 * remotes they name, and a whole read asked for meanwhile replaces those. A lost connection, or a read that fails or outlasts its
 * timeout, is opened again, waiting longer each time (up to 1 s); `onError` hears why. `close()`
 * waits at most about a second, even for a connection that stopped answering.
 * @param {RegistryAddress & { onChange: (document: RegistryDocument | null) => void, onError?: (error: Error) => void, rereadMs?: number }} watch
 * @returns {{ close: () => Promise<void> }}
 */
export function watchRegistry({
  databaseUrl,
  environment,
  onChange,
  onError = () => {},
  rereadMs = DEFAULT_REREAD_MS,
}) {
  let closed = false;
  let waitMs = RECONNECT_FIRST_MS;
  /** @type {pg.Client | null} */
  let client = null;
  /** @type {NodeJS.Timeout | undefined} */
  let retry;
  /** @type {NodeJS.Timeout | undefined} */
  let reread;
  /** The reads on the current connection. @type {ReturnType<typeof pacedReads> | undefined} */
  let currentReads;

  const connect = async () => {
    const current = new pg.Client({
      connectionString: databaseUrl,
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEP_ALIVE_AFTER_MS,
      connectionTimeoutMillis: READ_TIMEOUT_MS,
      query_timeout: READ_TIMEOUT_MS,
    });
    client = current;
    const lost = (/** @type {unknown} */ error) => {
      if (closed || client !== current) return;
      client = null;
      clearInterval(reread);
      reads.stop();
      onError(error instanceof Error ? error : new Error(String(error)));
      void endWithin(current, END_WAIT_MS);
      // Spread out: servers that lost the database together do not all knock at once.
      retry = setTimeout(connect, waitMs * (0.5 + Math.random()));
      waitMs = Math.min(waitMs * 2, RECONNECT_MAX_MS);
    };
    const reads = pacedReads({
      readWhole: () => queryRegistryDocument(current, environment),
      readRemotes: (remotes, last) => queryRemotesInto(current, environment, remotes, last),
      onRead: onChange,
      onFail: lost,
    });
    currentReads = reads;
    current.on('error', lost);
    current.on('end', () => lost(new Error('the registry connection ended')));
    current.on('notification', ({ payload }) => {
      const remote = changedRemote(payload, environment);
      if (remote) void reads.readRemote(remote);
    });
    try {
      await current.connect();
      await current.query(`LISTEN ${REGISTRY_REMOTE_CHANNEL}`);
      await reads.readWhole();
      // Closed, or lost, meanwhile: no re-read timer for a connection that is gone.
      if (closed || client !== current) return;
      waitMs = RECONNECT_FIRST_MS;
      reread = setInterval(() => void reads.readWhole(), rereadMs);
    } catch (error) {
      lost(error);
    }
  };
  connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      clearInterval(reread);
      currentReads?.stop();
      if (client) await endWithin(client, END_WAIT_MS);
    },
  };
}

/**
 * The remote a notification names, when it is of `environment`.
 * @param {string | undefined} payload @param {string} environment
 * @returns {string | null}
 */
function changedRemote(payload, environment) {
  try {
    const change = JSON.parse(payload ?? '');
    return change?.environment === environment && typeof change.remote === 'string' ? change.remote : null;
  } catch {
    return null;
  }
}

/**
 * Ends `client`'s connection, politely if it answers within `ms`, else by destroying its socket.
 * @param {pg.Client} client @param {number} ms
 */
async function endWithin(client, ms) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const gaveUp = new Promise((resolve) => (timer = setTimeout(resolve, ms, 'gave up')));
  const ended = client.end().catch(() => {});
  if ((await Promise.race([ended, gaveUp])) === 'gave up') {
    // pg's own way out for a dead socket (Client#end does the same when it knows it is dead).
    /** @type {{ connection: { stream: { destroy: () => void } } }} */ (
      /** @type {unknown} */ (client)
    ).connection.stream.destroy();
  }
  clearTimeout(timer);
}

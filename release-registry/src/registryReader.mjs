// What a shell server needs of the Postgres registry: read an environment's document, and hear
// when it changes.
import pg from 'pg';
import { queryRegistryDocument } from './registryDocument.mjs';

/** The channel every registry change notifies, with the environment's name as the payload. */
export const REGISTRY_CHANNEL = 'release_registry';

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
 * release_registry), after each reconnection (a change made while the connection was down is not
 * missed), and every `rereadMs` (a notification lost on the way is not missed either). Reads take
 * turns, and notifications that arrive during one make one more read, not one each. A lost
 * connection, or a read that fails or outlasts its timeout, is opened again, waiting longer each
 * time (up to 1 s); `onError` hears why.
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
      onError(error instanceof Error ? error : new Error(String(error)));
      current.end().catch(() => {});
      // Spread out: servers that lost the database together do not all knock at once.
      retry = setTimeout(connect, waitMs * (0.5 + Math.random()));
      waitMs = Math.min(waitMs * 2, RECONNECT_MAX_MS);
    };
    const reads = takingTurns(() => queryRegistryDocument(current, environment), onChange, lost);
    current.on('error', lost);
    current.on('end', () => lost(new Error('the registry connection ended')));
    current.on('notification', ({ payload }) => {
      if (payload === environment) void reads.read();
    });
    try {
      await current.connect();
      await current.query(`LISTEN ${REGISTRY_CHANNEL}`);
      await reads.read();
      // Closed, or lost, meanwhile: no re-read timer for a connection that is gone.
      if (closed || client !== current) return;
      waitMs = RECONNECT_FIRST_MS;
      reread = setInterval(() => void reads.read(), rereadMs);
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
      await client?.end();
    },
  };
}

/**
 * Reads one at a time: a read asked for while one runs is one more read after it (however many
 * were asked for), so the last answer given is never older than the last ask, and a burst of
 * notifications costs two reads.
 * @template T
 * @param {() => Promise<T>} read @param {(value: T) => void} onRead @param {(error: unknown) => void} onFail
 */
function takingTurns(read, onRead, onFail) {
  /** @type {Promise<void> | null} */
  let running = null;
  let again = false;
  const run = async () => {
    do {
      again = false;
      try {
        onRead(await read());
      } catch (error) {
        onFail(error);
        return;
      }
    } while (again);
  };
  return {
    read() {
      if (running) {
        again = true;
        return running;
      }
      running = run().finally(() => (running = null));
      return running;
    },
  };
}

// What a shell server needs of the Postgres registry: read an environment's document, and hear
// when it changes.
import pg from 'pg';
import { queryRegistryDocument } from './registryDocument.mjs';

/** The channel every registry change notifies, with the environment's name as the payload. */
export const REGISTRY_CHANNEL = 'release_registry';

const RECONNECT_FIRST_MS = 500;
const RECONNECT_MAX_MS = 10_000;

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
 * release_registry), and after each reconnection (a change made while the connection was down is
 * not missed). A lost connection is opened again, waiting longer each time (up to 10 s); `onError`
 * hears why.
 * @param {RegistryAddress & { onChange: (document: RegistryDocument | null) => void, onError?: (error: Error) => void }} watch
 * @returns {{ close: () => Promise<void> }}
 */
export function watchRegistry({ databaseUrl, environment, onChange, onError = () => {} }) {
  let closed = false;
  let waitMs = RECONNECT_FIRST_MS;
  /** @type {pg.Client | null} */
  let client = null;
  /** @type {NodeJS.Timeout | undefined} */
  let retry;

  const connect = async () => {
    const current = new pg.Client({ connectionString: databaseUrl });
    client = current;
    const lost = (/** @type {Error} */ error) => {
      if (closed || client !== current) return;
      client = null;
      onError(error);
      current.end().catch(() => {});
      retry = setTimeout(connect, waitMs);
      waitMs = Math.min(waitMs * 2, RECONNECT_MAX_MS);
    };
    current.on('error', lost);
    current.on('end', () => lost(new Error('the registry connection ended')));
    current.on('notification', ({ payload }) => {
      if (payload !== environment) return;
      queryRegistryDocument(current, environment).then(onChange, lost);
    });
    try {
      await current.connect();
      await current.query(`LISTEN ${REGISTRY_CHANNEL}`);
      waitMs = RECONNECT_FIRST_MS;
      onChange(await queryRegistryDocument(current, environment));
    } catch (error) {
      lost(error instanceof Error ? error : new Error(String(error)));
    }
  };
  connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await client?.end();
    },
  };
}

// A real Postgres server for the tests, on a free port: PGlite (Postgres compiled to WebAssembly)
// behind pglite-socket's wire-protocol server, which clients reach through `pg` as any Postgres.
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const NOTIFICATION = 0x41; // 'A', a NotificationResponse
const SIMPLE_QUERY = 0x51; // 'Q'

/**
 * @typedef {(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void) => Promise<number>} Enqueue
 */

/**
 * PGlite is one Postgres session that pglite-socket shares between its connections (a transaction
 * holds the others back until it ends). So every connection is the same login (`postgres`), and a
 * NOTIFY reaches the connection that sent it, not the ones that listen: this server hands each
 * notification to the connections that ran LISTEN on its channel instead.
 * `dropConnections(whileDown)` is the database restarting under its clients: it closes every
 * connection and refuses new ones, runs `whileDown` on the database itself, then listens again on
 * the same port.
 * `host`: the address it listens on (default: loopback).
 * @param {{ host?: string }} [options]
 * @returns {Promise<{ databaseUrl: string, dropConnections: (whileDown: (db: PGlite) => Promise<void>) => Promise<void>, close: () => Promise<void> }>}
 */
export async function startPostgresForTests({ host = '127.0.0.1' } = {}) {
  const db = await PGlite.create();
  let server = await listen(db, 0, host);
  const databaseUrl = `postgres://postgres@${server.getServerConn()}/postgres`;
  return {
    databaseUrl,
    dropConnections: async (whileDown) => {
      await server.stop();
      await whileDown(db);
      server = await listen(db, Number(new URL(databaseUrl).port), host);
    },
    close: async () => {
      await server.stop();
      await db.close();
    },
  };
}

/** @param {PGlite} db @param {number} port 0 for a free one @param {string} host */
async function listen(db, port, host) {
  const server = new PGLiteSocketServer({ db, port, host, maxConnections: 100 });
  routeNotifications(
    /** @type {{ queryQueue: { enqueue: Enqueue } }} */ (/** @type {unknown} */ (server)).queryQueue,
  );
  await server.start();
  return server;
}

/**
 * Wraps pglite-socket 0.2's query queue (not public API): notes each connection's LISTENs, and
 * moves each notification out of its sender's answer to the connections listening on its channel.
 * @param {{ enqueue: Enqueue }} queue
 */
function routeNotifications(queue) {
  /** @type {Map<number, { channels: Set<string>, send: (data: Uint8Array) => void }>} */
  const connections = new Map();
  const enqueue = queue.enqueue.bind(queue);
  queue.enqueue = (handlerId, message, onData) => {
    const connection = connections.get(handlerId) ?? { channels: new Set(), send: onData };
    connection.send = onData;
    connections.set(handlerId, connection);
    const listen = /^\s*(UN)?LISTEN\s+"?(\w+)"?/i.exec(simpleQueryText(message));
    if (listen?.[2]) connection.channels[listen[1] ? 'delete' : 'add'](listen[2]);
    return enqueue(handlerId, message, (data) => {
      const { rest, notifications } = takeNotifications(data);
      for (const { channel, bytes } of notifications) {
        for (const listener of connections.values()) {
          if (listener.channels.has(channel)) listener.send(bytes);
        }
      }
      if (rest.length > 0) onData(rest);
    });
  };
}

/** @param {Uint8Array} message */
function simpleQueryText(message) {
  if (message[0] !== SIMPLE_QUERY) return '';
  return Buffer.from(message.subarray(5)).toString('utf8').replace(/\0$/, '');
}

/**
 * Splits a server answer into its notifications (with their channel) and the other messages.
 * @param {Uint8Array} data whole messages (PGlite answers a message at once)
 */
function takeNotifications(data) {
  const bytes = Buffer.from(data);
  /** @type {Buffer[]} */
  const kept = [];
  /** @type {Array<{ channel: string, bytes: Buffer }>} */
  const notifications = [];
  for (let at = 0; at + 5 <= bytes.length;) {
    const end = at + 1 + bytes.readInt32BE(at + 1);
    if (end > bytes.length) return { rest: bytes, notifications: [] }; // not whole: left as it is
    const message = bytes.subarray(at, end);
    if (message[0] === NOTIFICATION) {
      const channelStart = 9; // type, length, the sender's process id
      const channel = message.toString('utf8', channelStart, message.indexOf(0, channelStart));
      notifications.push({ channel, bytes: message });
    } else {
      kept.push(message);
    }
    at = end;
  }
  return { rest: Buffer.concat(kept), notifications };
}

/**
 * The local stand-in for Supabase Realtime's broadcast, the part the mailer uses: the websocket at
 * /realtime/v1/websocket speaking the Phoenix channel protocol as realtime-js 2 does (vsn 2.0.0,
 * JSON arrays `[join_ref, ref, topic, event, payload]`): joining a topic, heartbeats, and the
 * messages the database's realtime.send() broadcasts to a topic (a NOTIFY here, see
 * sql/supabase-platform.sql). A private topic admits only the service role's key, as hosted
 * Realtime admits only a role the topic's policies let read (service_role bypasses them).
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../config';
import type { Database } from '../database/Database';

export const REALTIME_PATH = '/realtime/v1/websocket';
/** The NOTIFY channel the stand-in realtime.send() writes to. */
const BROADCAST_CHANNEL = 'realtime_broadcast';

type Frame = [string | null, string | null, string, string, Record<string, unknown>];

interface Member {
  socket: WebSocket;
  joinRef: string | null;
  serviceRole: boolean;
}

interface Broadcast {
  topic: string;
  event: string;
  payload: unknown;
  private: boolean;
}

function readFrame(data: unknown): Frame | null {
  try {
    const frame: unknown = JSON.parse(String(data));
    return Array.isArray(frame) &&
      frame.length === 5 &&
      typeof frame[2] === 'string' &&
      typeof frame[3] === 'string'
      ? (frame as Frame)
      : null;
  } catch {
    return null;
  }
}

/** Serves the websocket on `server`; the answered function closes it and stops listening. */
export async function attachBroadcastSocket(
  server: Server,
  database: Database,
): Promise<() => Promise<void>> {
  const sockets = new WebSocketServer({ noServer: true });
  /** Each topic's members, by the topic as realtime-js names it (`realtime:<topic>`). */
  const topics = new Map<string, Set<Member>>();

  function leave(topic: string, socket: WebSocket): void {
    const members = topics.get(topic);
    for (const member of members ?? []) if (member.socket === socket) members?.delete(member);
  }

  function serve(socket: WebSocket, serviceRole: boolean): void {
    socket.on('message', (data) => {
      const frame = readFrame(data);
      if (!frame) return;
      const [joinRef, ref, topic, event, payload] = frame;
      const reply = (status: 'ok' | 'error', response: Record<string, unknown> = {}) =>
        socket.send(JSON.stringify([joinRef, ref, topic, 'phx_reply', { status, response }]));
      if (event === 'phx_join') {
        const config = (payload.config ?? {}) as { private?: unknown };
        if (config.private === true && !serviceRole) {
          reply('error', {
            reason: `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`,
          });
          return;
        }
        leave(topic, socket);
        topics.set(topic, (topics.get(topic) ?? new Set()).add({ socket, joinRef, serviceRole }));
        reply('ok', { postgres_changes: [] });
      } else if (event === 'phx_leave') {
        leave(topic, socket);
        reply('ok');
      } else if (event !== 'access_token') {
        // heartbeat (topic "phoenix") and anything else the stand-in does not act on.
        reply('ok');
      }
    });
    socket.on('close', () => {
      for (const topic of topics.keys()) leave(topic, socket);
    });
  }

  function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const key = url.searchParams.get('apikey');
    if (url.pathname !== REALTIME_PATH || (key !== LOCAL_ANON_KEY && key !== LOCAL_SERVICE_ROLE_KEY)) {
      socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n');
      return;
    }
    sockets.handleUpgrade(request, socket, head, (client) => serve(client, key === LOCAL_SERVICE_ROLE_KEY));
  }
  server.on('upgrade', upgrade);

  const unlisten = await database.listen(BROADCAST_CHANNEL, (text) => {
    const message = JSON.parse(text) as Broadcast;
    const topic = `realtime:${message.topic}`;
    for (const member of topics.get(topic) ?? []) {
      if (message.private && !member.serviceRole) continue;
      const frame: Frame = [
        member.joinRef,
        null,
        topic,
        'broadcast',
        { type: 'broadcast', event: message.event, payload: message.payload as Record<string, unknown> },
      ];
      member.socket.send(JSON.stringify(frame));
    }
  });

  return async () => {
    server.off('upgrade', upgrade);
    await unlisten();
    for (const client of sockets.clients) client.terminate();
    await new Promise<void>((resolve) => sockets.close(() => resolve()));
  };
}

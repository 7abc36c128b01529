/**
 * The mailer's neighbours, breakable on purpose for the fault tests (faults.integration.test.ts):
 * an SMTP server (the smtp-server package) that refuses for a while (421/451), refuses one
 * recipient for good (550), or lets a test act at the moment a message has arrived (kill the
 * mailer before its answer is read); a TCP gateway in front of the database's API that can be cut
 * and restored on the same port; and an HTTP front of the agency's CalDAV calendar that answers
 * 500 to everything while told to, and counts the writes that went through.
 */
import http from 'node:http';
import net from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as the SMTP server took it: the envelope's recipients and the headers the tests read. */
export interface ReceivedMail {
  to: string[];
  messageId: string;
  subject: string;
  raw: string;
}

/** What the server does with a message once its data has arrived. */
export type DataAnswer = 'accept' | 'stall';

export interface SmtpStandIn {
  url: string;
  /** Every message the server took (a stalled one too: it has the message, the sender has no answer). */
  received: ReceivedMail[];
  /** RCPT TO commands by address, whatever the answer. */
  recipientTries: Map<string, number>;
  /** Answer 451 to every recipient (a server that is busy, or greylists): a transient refusal. */
  transient: boolean;
  /** Addresses refused for good (550). */
  refused: Set<string>;
  /** Each accepted message waits this long for its answer (a slower server). */
  answerDelayMs: number;
  /**
   * Called once a message has arrived, before it is answered; 'stall' leaves the sender waiting for
   * an answer that never comes. Unset: every message is accepted.
   */
  onMessage: ((mail: ReceivedMail, index: number) => DataAnswer) | null;
  /** Answers the stalled messages at last: 250, to whoever is still there to read it. */
  answerStalled(): void;
  listen(): Promise<void>;
  close(): Promise<void>;
}

function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/, 1)[0]?.replace(/\r?\n[ \t]+/g, ' ') ?? '';
  return new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
}

const refusal = (responseCode: number, message: string) =>
  Object.assign(new Error(message), { responseCode });

/** An SMTP server on 127.0.0.1:`port`, not listening until listen() (a server that is down). */
export function smtpStandIn(port: number): SmtpStandIn {
  let server: SMTPServer | null = null;
  const stalled: Array<() => void> = [];
  const standIn: SmtpStandIn = {
    url: `smtp://127.0.0.1:${port}`,
    received: [],
    recipientTries: new Map(),
    transient: false,
    refused: new Set(),
    answerDelayMs: 0,
    onMessage: null,
    answerStalled() {
      for (const answer of stalled.splice(0)) answer();
    },
    listen() {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['AUTH', 'STARTTLS'],
        logger: false,
        closeTimeout: 100,
        onRcptTo(address, _session, callback) {
          const to = address.address.toLowerCase();
          standIn.recipientTries.set(to, (standIn.recipientTries.get(to) ?? 0) + 1);
          if (standIn.refused.has(to)) return callback(refusal(550, 'No such mailbox here'));
          if (standIn.transient) return callback(refusal(451, 'Busy, try again later'));
          callback();
        },
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            const raw = Buffer.concat(chunks).toString('utf8');
            const mail: ReceivedMail = {
              to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
              messageId: header(raw, 'Message-ID'),
              subject: header(raw, 'Subject'),
              raw,
            };
            standIn.received.push(mail);
            const answer = standIn.onMessage?.(mail, standIn.received.length - 1) ?? 'accept';
            if (answer === 'stall') return void stalled.push(() => callback());
            setTimeout(() => callback(), standIn.answerDelayMs);
          });
        },
      });
      // A client killed mid-conversation resets its connection: nothing to report.
      server.on('error', () => undefined);
      const listening = server;
      return new Promise((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(port, '127.0.0.1', () => resolve());
      });
    },
    async close() {
      const closing = server;
      server = null;
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
  };
  return standIn;
}

export interface Gateway {
  url: string;
  /** Refuses connections and cuts the open ones, as a gateway that went down. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** A TCP gateway on 127.0.0.1:`port` to 127.0.0.1:`targetPort` (HTTP and WebSocket alike). */
export async function tcpGateway(port: number, targetPort: number): Promise<Gateway> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const listen = () => {
    const next = net.createServer((client) => {
      const upstream = net.connect(targetPort, '127.0.0.1');
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    server = next;
    return new Promise<void>((resolve, reject) => {
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => resolve());
    });
  };
  const cut = async () => {
    const closing = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    if (closing) await new Promise((resolve) => closing.close(resolve));
  };
  await listen();
  return { url: `http://localhost:${port}`, cut, restore: listen, close: cut };
}

export interface CaldavFront {
  /** The calendar's address through the front (the target's path kept). */
  url(targetUrl: string): string;
  /** While true, every request is answered 500 and goes no further. */
  failing: boolean;
  /** Writes (PUT) the calendar answered 2xx, by path. */
  writes: Map<string, number>;
  close(): Promise<void>;
}

/** An HTTP front on 127.0.0.1:`port` of the CalDAV server at `target` (its origin). */
export async function caldavFront(port: number, target: string): Promise<CaldavFront> {
  const origin = new URL(target);
  const front: CaldavFront = {
    url: (targetUrl) => {
      const url = new URL(targetUrl);
      url.host = `127.0.0.1:${port}`;
      return url.href;
    },
    failing: false,
    writes: new Map(),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  const server = http.createServer((request, response) => {
    if (front.failing) {
      request.resume();
      response.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
      return;
    }
    const forwarded = http.request(
      {
        host: origin.hostname,
        port: origin.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, host: origin.host },
      },
      (answer) => {
        const status = answer.statusCode ?? 502;
        if (request.method === 'PUT' && status >= 200 && status < 300) {
          const path = new URL(request.url ?? '/', target).pathname;
          front.writes.set(path, (front.writes.get(path) ?? 0) + 1);
        }
        response.writeHead(status, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => response.writeHead(502).end());
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return front;
}

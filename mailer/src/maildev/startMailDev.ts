/**
 * MailDev, a real SMTP catcher with a web inbox and a REST API, for local use (npm start) and the
 * tests: startMailDev() runs it in a child process (mailDevProcess.mjs) and stops it.
 *
 * maildev 3.0.0, not 2.2.1. Both receive mail and answer their REST API under Node 20 (an inbox
 * listed, an attachment read, everything deleted, over five stop/start rounds on the same ports),
 * but 2.2.1's programmatic start is not fit to embed: a module singleton (one inbox per process,
 * kept across a stop and start), SIGINT and SIGTERM handlers that call process.exit(0) added on
 * every start, a web server started without waiting for it or handling its errors, SMTP server
 * errors rethrown as uncaught exceptions. 3.0.0 has a class per server, start() and stop()
 * promises, and reports the ports it bound (port 0). What 3 changes: its REST API moved under /api
 * (see mailDevInbox), and it is an ES module whose dependencies rely on Node's require(esm)
 * (20.19+), which jest's module loader lacks before Node 24.9: so it runs in a plain Node process
 * of its own, which also keeps a fault of MailDev out of the process that started it (the e2e
 * runner, the composed site) and frees its ports if that process dies.
 * maildev is a devDependency: the service (dist/main.js) never starts it.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

export interface MailDevOptions {
  /** 1025 by default; 0 for any free port (the answer names it). */
  smtpPort?: number;
  /** The web inbox and its REST API: 1080 by default; 0 for any free port. */
  webPort?: number;
  /** 127.0.0.1 by default: an inbox for this machine, not for the network. */
  host?: string;
}

export interface RunningMailDev {
  /** The web inbox, its REST API under /api: http://localhost:<webPort>. */
  url: string;
  smtpPort: number;
  /** smtp://localhost:<smtpPort>, for the mailer's SMTP_URL. */
  smtpUrl: string;
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 20_000;
const STOP_TIMEOUT_MS = 5_000;

/** mailDevProcess.mjs, from this module in src/maildev or from the build in dist. */
function processScript(): string {
  const candidates = [
    path.join(__dirname, 'mailDevProcess.mjs'),
    path.join(__dirname, '..', 'src', 'maildev', 'mailDevProcess.mjs'),
  ];
  const script = candidates.find((candidate) => existsSync(candidate));
  if (!script) throw new Error(`mailDevProcess.mjs not found (looked at ${candidates.join(', ')})`);
  return script;
}

export async function startMailDev({
  smtpPort = 1025,
  webPort = 1080,
  host = '127.0.0.1',
}: MailDevOptions = {}): Promise<RunningMailDev> {
  const script = processScript();
  const child = spawn(process.execPath, [script, String(smtpPort), String(webPort), host], {
    cwd: path.dirname(script),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let errorOutput = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errorOutput += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const ports = await new Promise<{ smtpPort: number; webPort: number }>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`MailDev did not start within ${START_TIMEOUT_MS} ms`));
    }, START_TIMEOUT_MS);
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (!line.startsWith('{')) return;
      clearTimeout(timer);
      lines.close();
      // Whatever it writes later is read and dropped, so a full pipe never blocks it.
      child.stdout.resume();
      resolve(JSON.parse(line));
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`MailDev stopped on start (exit ${code}): ${errorOutput.trim()}`));
    });
  });
  // Started: it no longer holds this process open (it stops by itself when this process ends).
  child.unref();
  for (const stream of [child.stdin, child.stdout, child.stderr])
    (stream as unknown as { unref?(): void }).unref?.();

  return {
    url: `http://localhost:${ports.webPort}`,
    smtpPort: ports.smtpPort,
    smtpUrl: `smtp://localhost:${ports.smtpPort}`,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const killer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      child.kill('SIGTERM');
      await exited;
      clearTimeout(killer);
    },
  };
}

/**
 * The mailer as it runs in production: `node mailer/dist/main.js`, a process of its own with its
 * settings in the environment, for the tests that break things under it (a SIGKILL, a database
 * that goes away). The build is made first when dist/main.js is missing or older than any source
 * it bundles, so `npm test` tests the code in the tree, never a stale build.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const MAILER_DIR = path.resolve(__dirname, '..', '..');
export const MAILER_MAIN = path.join(MAILER_DIR, 'dist', 'main.js');
/** What the build bundles besides node_modules: the mailer's sources and two workspaces'. */
const SOURCES = [
  path.join(MAILER_DIR, 'src'),
  path.join(MAILER_DIR, '..', 'site-config', 'src'),
  path.join(MAILER_DIR, '..', 'supabase', 'src'),
];

function newestSource(folder: string): number {
  if (!existsSync(folder)) return 0;
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name);
    // The tests' own helpers (this file among them) are no part of the build.
    if (entry.isDirectory())
      newest = entry.name === 'testing' ? newest : Math.max(newest, newestSource(file));
    else if (!/\.test\.tsx?$/.test(entry.name)) newest = Math.max(newest, statSync(file).mtimeMs);
  }
  return newest;
}

/** Builds the mailer (webpack, as `npm run build --workspace mailer`) when its build is missing or stale. */
export function ensureMailerBuilt(): void {
  const built = existsSync(MAILER_MAIN) ? statSync(MAILER_MAIN).mtimeMs : 0;
  if (built > Math.max(...SOURCES.map(newestSource))) return;
  execFileSync(process.execPath, [require.resolve('webpack/bin/webpack.js'), '--mode', 'production'], {
    cwd: MAILER_DIR,
    stdio: 'pipe',
  });
}

export interface MailerProcess {
  /** Its health and metrics server. */
  url: string;
  child: ChildProcess;
  /** Everything it printed, for a failing test's message. */
  output(): string;
  /** SIGKILL: no clean stop, no release of its batch. Synchronous: it runs no more code after this. */
  kill(): void;
  /** Resolves when the process has ended (at once if it has). */
  exited(): Promise<void>;
  /** SIGTERM, then waits for it to end. */
  stop(): Promise<void>;
}

/** Starts `node dist/main.js` with `env` on top of a clean environment; resolves once it listens. */
export async function spawnMailer(env: Record<string, string>): Promise<MailerProcess> {
  const child = spawn(process.execPath, [MAILER_MAIN], {
    cwd: MAILER_DIR,
    // Not jest's NODE_OPTIONS (vm modules); the PATH and HOME a node process needs.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', MAILER_HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let exit: string | null = null;
  const ended = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exit = `exit ${code ?? signal}`;
      resolve();
    });
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += String(chunk)));
  child.stderr?.on('data', (chunk: Buffer) => (output += String(chunk)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the mailer did not start:\n${output}`)), 30_000);
    const look = () => {
      const found = /^mailer\s+(http:\/\/\S+)/m.exec(output);
      if (found?.[1]) {
        clearTimeout(timer);
        resolve(found[1]);
      } else if (exit !== null) {
        clearTimeout(timer);
        reject(new Error(`the mailer stopped (${exit}):\n${output}`));
      }
    };
    child.stdout?.on('data', look);
    child.once('exit', look);
  });
  return {
    url,
    child,
    output: () => output,
    kill() {
      if (exit === null) child.kill('SIGKILL');
    },
    exited: () => ended,
    async stop() {
      if (exit === null) child.kill('SIGTERM');
      await ended;
    },
  };
}

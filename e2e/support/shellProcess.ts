import path from 'node:path';
import { spawn } from 'node:child_process';
import { REPOSITORY_ROOT } from './site';

/**
 * A shell server of its own, in its own process, as an operator starts one (`npm run serve
 * --workspace shell`), configured by its environment: on a free port, rendering the registry
 * given. In a process of its own because the server's federation runtime is one per process;
 * `cwd`: a working directory of its own, as on another machine.
 */
export async function startShellProcess(env: Record<string, string>, { cwd }: { cwd?: string } = {}) {
  const server = spawn(process.execPath, [path.join(REPOSITORY_ROOT, 'shell', 'server', 'start.mjs')], {
    cwd,
    env: { ...process.env, PORT: '0', SHELL_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let logged = '';
  server.stdout.on('data', (chunk: Buffer) => (logged += String(chunk)));
  const url = await new Promise<string>((resolve, reject) => {
    server.stdout.on('data', () => {
      const served = /served at (http:\/\/\S+)/.exec(logged);
      if (served?.[1]) resolve(served[1]);
    });
    server.once('exit', (code) => reject(new Error(`the shell server exited (${code}): ${logged}`)));
  });
  return {
    url,
    /** What the server has written to its standard output (its log) since it started. */
    log: () => logged,
    close: () =>
      new Promise<void>((resolve) => {
        server.once('exit', () => resolve());
        server.kill('SIGTERM');
      }),
  };
}

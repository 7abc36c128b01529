// A shell server in a process of its own, as an operator starts one, configured by its environment.
import path from 'node:path';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';

const repositoryRoot = path.resolve(import.meta.dirname, '..', '..', '..');

/**
 * Starts `shell/server/start.mjs` on `port` with `env` added, in a working directory of its own
 * (as on another machine), with --expose-gc so its status can report the heap after a collection;
 * on `host` (networkHosts.mjs) when given, else this machine's loopback.
 * @param {{ port: number, env: Record<string, string>, host?: import('./networkHosts.mjs').NetworkHost }} options
 */
export async function startShellServer({ port, env, host }) {
  const cwd = await mkdtemp(path.join(os.tmpdir(), 'bench-shell-'));
  const start = [
    process.execPath,
    ['--expose-gc', path.join(repositoryRoot, 'shell', 'server', 'start.mjs')],
  ];
  const [file, args] = host ? host.command(...start) : start;
  const server = spawn(file, args, {
    cwd,
    env: {
      ...process.env,
      PORT: String(port),
      SHELL_LOG_LEVEL: 'warn',
      ...(host ? { SHELL_HOST: host.listenAddress } : {}),
      ...env,
    },
    // Its warnings and errors (a server that cannot start says why there).
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return {
    url: `http://${host?.address ?? 'localhost'}:${port}`,
    close: async () => {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      await rm(cwd, { recursive: true, force: true });
    },
  };
}

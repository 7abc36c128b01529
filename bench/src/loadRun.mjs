import path from 'node:path';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const repositoryRoot = path.resolve(import.meta.dirname, '..', '..');
/** Away from the site's own ports, so the load run never meets the Lighthouse runs' servers. */
const LOAD_PORT = 3200;

/** The resident memory of a process, from Linux's /proc (null elsewhere). @param {number} pid */
function residentMemoryMiB(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kib) ? Math.round(kib / 102.4) / 10 : null;
  } catch {
    return null;
  }
}

/** @param {import('autocannon').Options} options */
function run(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/**
 * The shell's server under load on this machine, in a process of its own (the remotes it renders
 * must be running on their ports): requests per second and latency for a page it has rendered
 * before, at 32 connections, in both languages; and its memory over 2 × 10,000 requests.
 *
 * @param {{ seconds: number }} options
 */
export async function measureServerLoad({ seconds }) {
  const server = spawn(process.execPath, [path.join(repositoryRoot, 'shell', 'server', 'start.mjs')], {
    env: { ...process.env, PORT: String(LOAD_PORT) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise((resolve, reject) => {
      server.stdout.on('data', (chunk) => String(chunk).includes('served at') && resolve(undefined));
      server.once('exit', (code) => reject(new Error(`shell server exited (${code})`)));
    });
    const base = `http://localhost:${LOAD_PORT}`;
    /** @type {Record<string, number | null>} */
    const figures = {};
    for (const [label, pathname] of [
      ['en', '/services'],
      ['es', '/services?lang=es'],
    ]) {
      await run({ url: base + pathname, connections: 4, amount: 200 }); // rendered once, then cached
      const result = /** @type {any} */ (
        await run({
          url: base + pathname,
          connections: 32,
          duration: seconds,
          headers: { 'accept-encoding': 'br' },
        })
      );
      figures[`${label} requests/s`] = Math.round(result.requests.average);
      figures[`${label} p50 ms`] = result.latency.p50;
      figures[`${label} p99 ms`] = result.latency.p99;
      figures[`${label} non-2xx`] = result.non2xx;
    }
    figures['memory MiB at start of 20,000'] = residentMemoryMiB(/** @type {number} */ (server.pid));
    await run({ url: `${base}/services`, connections: 32, amount: 10_000 });
    figures['memory MiB after 10,000'] = residentMemoryMiB(/** @type {number} */ (server.pid));
    await run({ url: `${base}/services?lang=es`, connections: 32, amount: 10_000 });
    figures['memory MiB after 20,000'] = residentMemoryMiB(/** @type {number} */ (server.pid));
    return figures;
  } finally {
    server.kill('SIGTERM');
  }
}

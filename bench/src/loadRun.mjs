import path from 'node:path';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const repositoryRoot = path.resolve(import.meta.dirname, '..', '..');
/** Away from the site's own ports, so the load run never meets the Lighthouse runs' servers. */
const LOAD_PORT = 3200;
/** As the issue measured them: 16 connections, the same for every kind of answer. */
const CONNECTIONS = 16;
const UNKNOWN_PATH_REQUESTS_FOR_MEMORY = 20_000;
/**
 * How many times the cached page and the unknown paths are each loaded, in turn: the client shares
 * the machine's cores with the server, so one run of each swings with whatever else ran; the
 * median run of each kind is kept.
 */
const ALTERNATIONS = 3;

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

/** @param {import('autocannon').Options} options @returns {Promise<any>} */
function run(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** The run whose rate is the median of `results`. @param {any[]} results */
function medianRun(results) {
  const sorted = [...results].sort((a, b) => a.requests.average - b.requests.average);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Each of `loads` run ALTERNATIONS times, in turn (A B A B A B), and each one's median run.
 * @param {Record<string, () => Promise<any>>} loads
 */
async function inTurn(loads) {
  /** @type {Record<string, any[]>} */
  const runs = Object.fromEntries(Object.keys(loads).map((name) => [name, []]));
  for (let turn = 0; turn < ALTERNATIONS; turn += 1) {
    for (const [name, load] of Object.entries(loads)) runs[name]?.push(await load());
  }
  return Object.fromEntries(Object.entries(runs).map(([name, results]) => [name, medianRun(results)]));
}

/** Every request a path never asked before, as a scanner sends them; every other one in Spanish. */
function uniqueUnknownPaths() {
  let count = 0;
  return [
    {
      setupRequest: (/** @type {import('autocannon').Request} */ request) => {
        count += 1;
        const path = count % 2 ? `/wp-admin/probe-${count}.php` : `/no-existe-${count}?lang=es`;
        return { ...request, path };
      },
    },
  ];
}

/**
 * The shell's server under load on this machine, in a process of its own, logging as in
 * production (the remotes it renders must be running on their ports). At 16 connections:
 * `/robots.txt` (a tiny answer kept in memory), then, in turn and three times over, a page rendered
 * before (both languages) and paths never seen before (each a 404); their ratios; and the server's
 * memory around 20,000 unknown paths.
 *
 * @param {{ seconds: number }} options
 */
export async function measureServerLoad({ seconds }) {
  const server = spawn(
    process.execPath,
    ['--expose-gc', path.join(repositoryRoot, 'shell', 'server', 'start.mjs')],
    {
      // The limit on renders is for visitors; the bench is one client asking for many.
      env: { ...process.env, PORT: String(LOAD_PORT), SHELL_RENDER_LIMIT: '1000000' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let logLines = 0;
  try {
    await new Promise((resolve, reject) => {
      server.stdout.on('data', (chunk) => {
        logLines += String(chunk).split('\n').length - 1;
        if (String(chunk).includes('served at')) resolve(undefined);
      });
      server.once('exit', (code) => reject(new Error(`shell server exited (${code})`)));
    });
    const base = `http://localhost:${LOAD_PORT}`;
    const load = (/** @type {Partial<import('autocannon').Options>} */ options) =>
      run({
        url: base,
        connections: CONNECTIONS,
        duration: seconds,
        headers: { 'accept-encoding': 'br' },
        ...options,
      });
    // Rendered once, then kept.
    for (const pathname of ['/services', '/services?lang=es', '/no-such-page']) {
      await run({ url: base + pathname, connections: 4, amount: 200 });
    }
    /** @type {Record<string, number | null>} */
    const figures = {};
    const robots = await load({ url: `${base}/robots.txt` });
    figures['robots.txt requests/s'] = Math.round(robots.requests.average);
    const measured = await inTurn({
      'cached page en': () => load({ url: `${base}/services` }),
      'cached page es': () => load({ url: `${base}/services?lang=es` }),
      unknown: () => load({ requests: uniqueUnknownPaths() }),
    });
    for (const label of ['cached page en', 'cached page es']) {
      const result = measured[label];
      figures[`${label} requests/s`] = Math.round(result.requests.average);
      figures[`${label} p50 ms`] = result.latency.p50;
      figures[`${label} p99 ms`] = result.latency.p99;
      figures[`${label} non-2xx`] = result.non2xx;
    }
    const { unknown } = measured;
    figures['unknown paths requests/s'] = Math.round(unknown.requests.average);
    figures['unknown paths p50 ms'] = unknown.latency.p50;
    figures['unknown paths p99 ms'] = unknown.latency.p99;
    const answered = Object.values(unknown.statusCodeStats ?? {}).reduce((sum, { count }) => sum + count, 0);
    figures['unknown paths not 404'] = answered - (unknown.statusCodeStats?.['404']?.count ?? 0);
    const cached = /** @type {number} */ (figures['cached page en requests/s']);
    figures['cached page / robots.txt'] = Math.round((cached / robots.requests.average) * 100) / 100;
    figures['unknown paths / cached page'] = Math.round((unknown.requests.average / cached) * 100) / 100;

    const heapMiB = async () => {
      const response = await fetch(`${base}/_shell/status?gc`);
      const { heapUsedBytes } = /** @type {{ heapUsedBytes: number }} */ (await response.json());
      return Math.round(heapUsedBytes / 1024 / 102.4) / 10;
    };
    figures['heap MiB before 20,000 unknown paths'] = await heapMiB();
    figures['memory MiB before 20,000 unknown paths'] = residentMemoryMiB(/** @type {number} */ (server.pid));
    await run({
      url: base,
      connections: CONNECTIONS,
      amount: UNKNOWN_PATH_REQUESTS_FOR_MEMORY,
      requests: uniqueUnknownPaths(),
    });
    figures['heap MiB after 20,000 unknown paths'] = await heapMiB();
    figures['memory MiB after 20,000 unknown paths'] = residentMemoryMiB(/** @type {number} */ (server.pid));
    figures['log lines written'] = logLines;
    return figures;
  } finally {
    server.kill('SIGTERM');
  }
}

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

/**
 * Requests whose path `pathOf` gives, the n-th request's from n. Every kind of answer is asked for
 * this way, so the client (which shares the machine's two cores with the server) does the same work
 * for each request whatever it asks, and only the server's answer differs.
 * @param {(n: number) => string} pathOf
 */
function requestsFor(pathOf) {
  let count = 0;
  return [
    {
      setupRequest: (/** @type {import('autocannon').Request} */ request) => {
        count += 1;
        return { ...request, path: pathOf(count) };
      },
    },
  ];
}

/** Every request a path never asked before, as a scanner sends them; every other one in Spanish. */
const uniqueUnknownPaths = () =>
  requestsFor((n) => (n % 2 ? `/wp-admin/probe-${n}.php` : `/no-existe-${n}?lang=es`));

/** The CPU time a process has used (user and system), in microseconds, from Linux's /proc. @param {number} pid */
function cpuMicroseconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime, in clock ticks of 10 ms (USER_HZ on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return NaN;
  }
}

/**
 * The shell's server under load on this machine, in a process of its own, logging as in
 * production (the remotes it renders must be running on their ports). At 16 connections:
 * `/robots.txt` (a tiny answer kept in memory), then, in turn and three times over, a page rendered
 * before (both languages) and paths never seen before (each a 404); their rates, the server's CPU
 * time for each answer, and their ratios; and the server's memory around 20,000 unknown paths.
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
    /**
     * A load, with the server's CPU time for each answer: what a request costs the server itself,
     * which the client's share of the cores does not move as it moves the rate.
     * @param {Partial<import('autocannon').Options>} options
     */
    const measuredLoad = async (options) => {
      const before = cpuMicroseconds(/** @type {number} */ (server.pid));
      const result = await load(options);
      const used = cpuMicroseconds(/** @type {number} */ (server.pid)) - before;
      return { ...result, serverMicrosecondsPerRequest: Math.round(used / result.requests.total) };
    };
    const measured = await inTurn({
      'cached page en': () => measuredLoad({ requests: requestsFor(() => '/services') }),
      'cached page es': () => measuredLoad({ requests: requestsFor(() => '/services?lang=es') }),
      unknown: () => measuredLoad({ requests: uniqueUnknownPaths() }),
    });
    for (const label of ['cached page en', 'cached page es']) {
      const result = measured[label];
      figures[`${label} requests/s`] = Math.round(result.requests.average);
      figures[`${label} p50 ms`] = result.latency.p50;
      figures[`${label} p99 ms`] = result.latency.p99;
      figures[`${label} non-2xx`] = result.non2xx;
      figures[`${label} server µs/request`] = result.serverMicrosecondsPerRequest;
    }
    const { unknown } = measured;
    figures['unknown paths requests/s'] = Math.round(unknown.requests.average);
    figures['unknown paths p50 ms'] = unknown.latency.p50;
    figures['unknown paths p99 ms'] = unknown.latency.p99;
    figures['unknown paths server µs/request'] = unknown.serverMicrosecondsPerRequest;
    const answered = Object.values(unknown.statusCodeStats ?? {}).reduce((sum, { count }) => sum + count, 0);
    figures['unknown paths not 404'] = answered - (unknown.statusCodeStats?.['404']?.count ?? 0);
    const cached = /** @type {number} */ (figures['cached page en requests/s']);
    figures['cached page / robots.txt'] = Math.round((cached / robots.requests.average) * 100) / 100;
    figures['unknown paths / cached page'] = Math.round((unknown.requests.average / cached) * 100) / 100;
    const cachedCost = measured['cached page en'].serverMicrosecondsPerRequest;
    figures['unknown paths server cost / cached page'] =
      Math.round((unknown.serverMicrosecondsPerRequest / cachedCost) * 100) / 100;

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

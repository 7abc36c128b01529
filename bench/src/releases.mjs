import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { oneMachine } from './releases/oneMachine.mjs';
import { acrossMachines } from './releases/acrossMachines.mjs';
import { LOAD_CONNECTIONS, LOAD_SECONDS } from './releases/visitorsUnderLoad.mjs';

/**
 * `npm run bench:releases`: what visitors meet while a team releases, measured on this machine,
 * on loopback only, from the current builds (`npm run build` first; stop `npm start`: the
 * one-machine part serves the remotes on their usual ports).
 * - One machine: versions in a releases folder, the registry a file, one shell server.
 * - Across machines: versions on a bucket (an S3 server), the registry in Postgres, two shell
 *   servers in working directories of their own, the team's command in a process of its own.
 * Each scenario runs under load from 8 connections on marketing pages in both languages while the
 * home page is sampled every 50 ms for the "temporarily unavailable" panel, and reports failed
 * requests, panels, seconds from the registry's change to the new version rendered (by every
 * server), and p99 latency. Figures go to bench/results/releases.json.
 * `--only one-machine|across-machines` runs one part.
 */
const repositoryRoot = path.resolve(import.meta.dirname, '..', '..');
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const folder = await mkdtemp(path.join(os.tmpdir(), 'bench-releases-'));
try {
  const results = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}`,
    loadConnections: LOAD_CONNECTIONS,
    loadSecondsPerScenario: LOAD_SECONDS,
    ...(only === 'across-machines' ? {} : { oneMachine: await oneMachine(folder) }),
    ...(only === 'one-machine' ? {} : { acrossMachines: await acrossMachines(folder) }),
  };
  console.log(JSON.stringify(results, null, 2));
  await writeFile(
    path.join(repositoryRoot, 'bench', 'results', 'releases.json'),
    `${JSON.stringify(results, null, 2)}\n`,
  );
} finally {
  await rm(folder, { recursive: true, force: true });
}

// Releases beyond one machine: versions on a bucket (an S3 server), the registry in Postgres, two
// shell servers each on a host and in a working directory of its own, reading both over the
// network, and the team's release command run as its CI runs it, on a host of its own with a build
// of its own. The hosts are network namespaces where this machine allows it (networkHosts.mjs).
import path from 'node:path';
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { publishEveryRemote, releaseEnvironment } from 'release-tools';
import { grantRelease } from 'release-tools/local-services';
import { marketingBuild } from './marketingBuilds.mjs';
import { networkHosts } from './networkHosts.mjs';
import { startShellServer } from './shellServerProcess.mjs';
import { underLoad, untilReady, warm } from './visitorsUnderLoad.mjs';

const SHELL_PORT = 3210;
const BUCKET = 'releases';
const ENVIRONMENT = 'production';
/** How long the registry's database is away in the outage scenario (BENCH_REGISTRY_OUTAGE_SECONDS). */
const OUTAGE_SECONDS = Number(process.env.BENCH_REGISTRY_OUTAGE_SECONDS || 60);
const repositoryRoot = path.resolve(import.meta.dirname, '..', '..', '..');
const runFile = promisify(execFile);

/** @typedef {import('./networkHosts.mjs').NetworkHost} NetworkHost */
/** @typedef {Awaited<ReturnType<typeof startShellServer>>} ShellServer */

/** Starts sharedServices.mjs on `host`; resolves with its addresses and a way to stop it. @param {NetworkHost} host */
async function startSharedServices(host) {
  const [file, args] = host.command(process.execPath, [
    path.join(import.meta.dirname, 'sharedServices.mjs'),
    BUCKET,
    host.address,
  ]);
  const child = spawn(file, [...args, String(OUTAGE_SECONDS * 1000)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: /** @type {import('node:stream').Readable} */ (child.stdout) });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`the shared services exited (${code}) before they started`);
  });
  const [line] = await Promise.race([once(lines, 'line'), exited]);
  /** @type {{ s3Endpoint: string, databaseUrl: string }} */
  const where = JSON.parse(line);
  const registrySays = async (/** @type {string} */ state) => {
    for (;;) {
      const [next] = await once(lines, 'line');
      if (JSON.parse(next).registry === state) return;
    }
  };
  return {
    ...where,
    /**
     * The registry's database away for OUTAGE_SECONDS: `whileDown` runs once it is.
     * @param {() => Promise<void>} whileDown
     */
    outage: async (whileDown) => {
      const down = registrySays('down');
      child.kill('SIGUSR2');
      await down;
      const back = registrySays('back');
      await whileDown();
      await back;
    },
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * A shell server's status, asked on its own host (it answers its operator endpoints on loopback only).
 * @param {NetworkHost} host @param {number} port
 * @returns {Promise<any>}
 */
async function statusOnItsHost(host, port) {
  const ask = `fetch('http://127.0.0.1:${port}/_shell/status').then((r) => r.text()).then((t) => process.stdout.write(t))`;
  const [file, args] = host.command(process.execPath, ['-e', ask]);
  return JSON.parse((await runFile(file, args)).stdout);
}

/**
 * Release, rollback, a forced broken release, and a shell server added after it, under load on
 * every server; each change by the team's command (`npm run release|rollback --workspace
 * remote-marketing`) in a process of its own.
 * @param {string} folder the run's own folder
 */
export async function acrossMachines(folder) {
  const network = networkHosts(['shared', 'shell-a', 'shell-b', 'shell-c', 'team-ci']);
  const [sharedHost, ...others] = network.hosts;
  const [hostA, hostB, hostC, teamHost] = /** @type {NetworkHost[]} */ (others);
  const services = await startSharedServices(/** @type {NetworkHost} */ (sharedHost));
  /** @type {ShellServer[]} */
  const shells = [];
  try {
    /** What the team's CI job has: the bucket, the database (as the team's role), its environment. */
    const teamVariables = {
      RELEASES_BUCKET: `s3://${BUCKET}/site/`,
      RELEASES_S3_ENDPOINT: services.s3Endpoint,
      RELEASES_REGISTRY_URL: services.databaseUrl,
      RELEASES_ENV: ENVIRONMENT,
      // A folder of the command's own, which it must not need: nothing is written there.
      RELEASES_DIR: path.join(folder, 'team-ci', 'unused'),
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      RELEASE_ACTOR: 'bench',
    };
    const env = releaseEnvironment({ ...process.env, ...teamVariables });
    await publishEveryRemote(env);
    // The operator's grant: the team's role moves marketing in this environment.
    const grant = { grantee: 'release_marketing', remote: 'marketing', environment: ENVIRONMENT };
    await grantRelease(services.databaseUrl, grant);
    const startShell = async (/** @type {NetworkHost} */ host) => {
      const shell = await startShellServer({
        // A port each: on loopback (no namespaces) they share one address.
        port: SHELL_PORT + shells.length,
        host,
        env: {
          SHELL_REGISTRY_URL: services.databaseUrl,
          RELEASES_ENV: ENVIRONMENT,
          SHELL_REMOTE_ORIGINS: services.s3Endpoint,
          // The host's own, which a server started again on it finds.
          SHELL_REGISTRY_CACHE: path.join(folder, `${host.name}-registry.json`),
        },
      });
      shells.push(shell);
      await untilReady(shell.url);
      await warm(shell.url);
      return shell.url;
    };
    const servers = [await startShell(hostA), await startShell(hostB)];

    /** The team's command, as its CI runs it; resolves with what it made live and when. */
    const command = async (/** @type {string[]} */ args) => {
      const [file, commandArgs] = teamHost.command('npm', [
        'run',
        '--silent',
        '--workspace',
        'remote-marketing',
        ...args,
      ]);
      await runFile(file, commandArgs, {
        cwd: repositoryRoot,
        env: { ...process.env, ...teamVariables, RELEASES_REGISTRY_ROLE: 'release_marketing' },
      }).catch((/** @type {{ stderr?: string }} */ error) => {
        // Its own words (`[remote-marketing] release failed: …`), not the warnings and logs before them.
        const said = error.stderr?.split('\n').find((line) => / failed: /.test(line));
        throw new Error(said ?? error.stderr?.trim().split('\n').at(-1) ?? String(error));
      });
      const [last] = (await env.registry.history('marketing')).slice(-1);
      if (!last) return null;
      // From the registry's change (its history's time), not the command's end, which prunes after.
      const changedAt = performance.now() - (Date.now() - Date.parse(last.at));
      return { remote: 'marketing', manifestUrl: last.to, changedAt };
    };
    const goodBuild = await marketingBuild(folder, 'good-elsewhere', 'good');
    const brokenBuild = await marketingBuild(folder, 'broken-elsewhere', 'broken');
    const scenarios = {
      steady: await underLoad(servers, async () => null),
      release: await underLoad(servers, () =>
        command(['release', '--', '--env', ENVIRONMENT, '--dist', goodBuild]),
      ),
      rollback: await underLoad(servers, () => command(['rollback', '--', '--env', ENVIRONMENT])),
      'broken release forced (--no-verify)': await underLoad(servers, async () => {
        await command(['release', '--', '--env', ENVIRONMENT, '--no-verify', '--dist', brokenBuild]);
        return null;
      }),
    };
    // A server added now (a restart, or one more instance) finds the registry naming a broken version.
    const addedPort = SHELL_PORT + shells.length;
    const added = await startShell(hostC);
    const addedFigures = await underLoad([...servers, added], async () => null);
    const fallback = (await statusOnItsHost(hostC, addedPort)).remotes.marketing.fallback;
    const outage = await registryOutage({
      servers: [...servers, added],
      hosts: [hostA, hostB, hostC],
      outage: services.outage,
      startShell: () => startShell(hostA),
      release: () => command(['release', '--', '--env', ENVIRONMENT, '--dist', goodBuild]),
    });
    return {
      network: network.network,
      shellServers: servers.length,
      scenarios: {
        ...scenarios,
        'a server started after it, among the others': {
          ...addedFigures,
          fallback: fallback ? `renders an earlier version: ${fallback.reason}` : 'none',
        },
        [`the registry's database away ${OUTAGE_SECONDS} s, a server started meanwhile, then a release`]:
          outage,
      },
    };
  } finally {
    await Promise.all(shells.map((shell) => shell.close()));
    await services.close();
    network.close();
  }
}

/**
 * Load on every server while the registry's database is away: each running server's status says
 * the registry is failing, a server started on one of their hosts meanwhile serves the document
 * that host cached, and once the database is back a release reaches every server.
 * @param {{ servers: string[], hosts: NetworkHost[], outage: (whileDown: () => Promise<void>) => Promise<void>, startShell: () => Promise<string>, release: () => Promise<import('./visitorsUnderLoad.mjs').LiveChange | null> }} scenario
 */
async function registryOutage({ servers, hosts, outage, startShell, release }) {
  /** @type {Record<string, unknown>} */
  const seen = {};
  /** @type {string | undefined} */
  let startedMeanwhile;
  const everyServer = (/** @type {boolean} */ failing) =>
    Promise.all(
      servers.map((url, n) =>
        untilRegistry(/** @type {NetworkHost} */ (hosts[n]), Number(new URL(url).port), failing),
      ),
    );
  const figures = await underLoad(servers, async () => {
    await outage(async () => {
      const failing = await everyServer(true);
      seen.serversSayingFailing = `${failing.filter(Boolean).length} of ${servers.length}`;
      const started = performance.now();
      startedMeanwhile = await startShell();
      seen.startedMeanwhileReadyAfterSeconds = Math.round(performance.now() - started) / 1000;
      const status = await statusOnItsHost(
        /** @type {NetworkHost} */ (hosts[0]),
        Number(new URL(startedMeanwhile).port),
      );
      seen.startedMeanwhileRegistry = status.registry.failing
        ? `cached document, failing: ${status.registry.failing.reason}`
        : 'read';
    });
    const back = performance.now();
    const readAgain = await everyServer(false);
    seen.everyServerReadAgainAfterSeconds = readAgain.every(Boolean)
      ? Math.round(performance.now() - back) / 1000
      : 'not within 15 s';
    return release();
  });
  return { ...figures, ...seen };
}

/**
 * Whether the server's status says the registry is failing (or, `failing` false, read) within 15 s.
 * @param {NetworkHost} host @param {number} port @param {boolean} failing
 */
async function untilRegistry(host, port, failing) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (Boolean((await statusOnItsHost(host, port)).registry.failing) === failing) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

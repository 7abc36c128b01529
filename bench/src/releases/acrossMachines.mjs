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
  const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: /** @type {import('node:stream').Readable} */ (child.stdout) });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`the shared services exited (${code}) before they started`);
  });
  const [line] = await Promise.race([once(lines, 'line'), exited]);
  /** @type {{ s3Endpoint: string, databaseUrl: string }} */
  const where = JSON.parse(line);
  return {
    ...where,
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
        throw new Error(error.stderr?.trim().split('\n')[0] ?? String(error));
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
    return {
      network: network.network,
      shellServers: servers.length,
      scenarios: {
        ...scenarios,
        'a server started after it, among the others': {
          ...addedFigures,
          fallback: fallback ? `renders an earlier version: ${fallback.reason}` : 'none',
        },
      },
    };
  } finally {
    await Promise.all(shells.map((shell) => shell.close()));
    await services.close();
    network.close();
  }
}

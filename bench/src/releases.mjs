import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import autocannon from 'autocannon';
import { REMOTE_APPS } from 'build-tools/apps';
import { serveStaticApp } from 'build-tools/serve';
import { publishAsLive, release, releaseEnvironment, rollback } from 'release-tools';

/**
 * `npm run bench:releases`: what visitors meet while a team releases, measured on this machine,
 * on loopback only. The remotes' current builds are published into a releases folder of the
 * script's own and served on their usual ports (stop `npm start` first); the shell's server runs
 * in a process of its own on SHELL_PORT, under load from 8 connections on marketing pages in both
 * languages, while the home page is sampled every 50 ms for the "temporarily unavailable" panel.
 * Each scenario reports failed requests, panels, seconds from the command's end to the new
 * version rendered, and p99 latency against a steady run; then the heap after 50 swaps.
 * Figures go to bench/results/releases.json.
 */
const SHELL_PORT = 3200;
const LOAD_SECONDS = 6;
const SWAPS = 50;
const repositoryRoot = path.resolve(import.meta.dirname, '..', '..');
const shellUrl = `http://localhost:${SHELL_PORT}`;
const PAGES = ['/services', '/about?lang=es', '/services/seo', '/?lang=es', '/privacy', '/terms?lang=es'];
const PANEL = 'data-testid="remote-unavailable"';

const folder = await mkdtemp(path.join(os.tmpdir(), 'bench-releases-'));
const env = releaseEnvironment({
  RELEASES_DIR: path.join(folder, 'releases'),
  RELEASES_ALLOW_OVERRIDES: 'true',
});
const log = () => {};

/** Copies of marketing's build: good ones differing by a byte, and a broken upload. */
async function variant(/** @type {string} */ name, /** @type {'good' | 'broken'} */ kind) {
  const dist = path.join(folder, 'builds', name);
  await cp(path.join(repositoryRoot, 'remote-marketing', 'dist'), dist, { recursive: true });
  const manifest = path.join(dist, 'mf-manifest.json');
  await writeFile(manifest, `${await readFile(manifest, 'utf8')}\n${' '.repeat(name.length)}`);
  if (kind === 'broken') await rm(path.join(dist, 'server', 'remoteEntry.js'));
  return dist;
}

/** @param {import('autocannon').Options} options @returns {Promise<any>} */
const load = (options) =>
  new Promise((resolve, reject) =>
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result))),
  );

/** @returns {Promise<any>} */
async function status(gc = false) {
  return (await fetch(`${shellUrl}/_shell/status${gc ? '?gc' : ''}`)).json();
}

async function renders(/** @type {string} */ manifestUrl) {
  return Boolean((await status()).remotes.marketing.rendering?.startsWith(`${manifestUrl} `));
}

/**
 * Runs `change` under load; returns the figures of the visitors' side.
 * @param {() => Promise<string | null>} change resolves with the manifest URL that should go live (null: none)
 */
async function underLoad(change) {
  const loading = load({
    url: shellUrl,
    connections: 8,
    duration: LOAD_SECONDS,
    requests: PAGES.map((pathname) => ({ method: 'GET', path: pathname })),
  });
  let panels = 0;
  let samples = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const html = await fetch(`${shellUrl}/`).then(
        (response) => response.text(),
        () => PANEL,
      );
      samples += 1;
      if (html.includes(PANEL)) panels += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  let outcome = 'done';
  let liveAfterSeconds = null;
  try {
    const expected = await change();
    const changedAt = performance.now();
    if (expected) {
      while (!(await renders(expected))) await new Promise((resolve) => setTimeout(resolve, 20));
      liveAfterSeconds = Math.round(performance.now() - changedAt) / 1000;
    }
  } catch (error) {
    outcome = `refused: ${error instanceof Error ? error.message : String(error)}`;
  }
  const result = await loading;
  sampling = false;
  await sampler;
  return {
    outcome,
    requests: result.requests.total,
    failedRequests: result.non2xx + result.errors + result.timeouts,
    panels: `${panels} of ${samples}`,
    liveAfterSeconds,
    p99Ms: result.latency.p99,
  };
}

const hosts = [];
for (const app of REMOTE_APPS) {
  const dist = path.join(repositoryRoot, app.dir, 'dist');
  await publishAsLive(env, app.name, dist);
  hosts.push(await serveStaticApp({ root: dist, port: app.port, versionsRoot: env.versionsDir(app.name) }));
}
const shell = spawn(
  process.execPath,
  ['--expose-gc', path.join(repositoryRoot, 'shell', 'server', 'start.mjs')],
  {
    env: {
      ...process.env,
      PORT: String(SHELL_PORT),
      SHELL_REGISTRY_FILE: /** @type {string} */ (env.registryFile),
    },
    stdio: 'ignore',
  },
);
try {
  const first = (await env.registry.read())?.remotes.marketing ?? '';
  while (
    !(await fetch(`${shellUrl}/_shell/status`).then(
      () => renders(first),
      () => false,
    ))
  ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  for (const pathname of PAGES) await fetch(`${shellUrl}${pathname}`);
  const steady = await underLoad(async () => null);
  const goodBuild = await variant('good', 'good');
  const brokenBuild = await variant('broken', 'broken');
  const live = async () => (await env.registry.read())?.remotes.marketing ?? null;
  const scenarios = {
    steady,
    release: await underLoad(async () => {
      await release(env, { appName: 'marketing', buildDir: goodBuild, verify: true, log });
      return live();
    }),
    rollback: await underLoad(async () => {
      await rollback(env, { appName: 'marketing', log });
      return live();
    }),
    'broken release (verified: refused)': await underLoad(async () => {
      await release(env, { appName: 'marketing', buildDir: brokenBuild, verify: true, log });
      return live();
    }),
    'broken release forced (--no-verify)': await underLoad(async () => {
      await release(env, { appName: 'marketing', buildDir: brokenBuild, verify: false, log });
      return null;
    }),
  };
  await rollback(env, { appName: 'marketing', log });
  const heapBefore = (await status(true)).heapUsedBytes;
  const swapBuilds = [goodBuild, await variant('swap', 'good')];
  for (let swap = 0; swap < SWAPS; swap += 1) {
    await release(env, {
      appName: 'marketing',
      buildDir: swapBuilds[swap % 2] ?? goodBuild,
      verify: false,
      log,
    });
    const expected = await live();
    while (expected && !(await renders(expected))) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const heapAfter = (await status(true)).heapUsedBytes;
  const results = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}`,
    loadConnections: 8,
    loadSecondsPerScenario: LOAD_SECONDS,
    scenarios,
    heapMiB: {
      before: Math.round(heapBefore / 1048576),
      [`after ${SWAPS} swaps`]: Math.round(heapAfter / 1048576),
    },
  };
  console.log(JSON.stringify(results, null, 2));
  await writeFile(
    path.join(repositoryRoot, 'bench', 'results', 'releases.json'),
    `${JSON.stringify(results, null, 2)}\n`,
  );
} finally {
  shell.kill('SIGTERM');
  await Promise.all(hosts.map((host) => host.close()));
  await rm(folder, { recursive: true, force: true });
}

// Releases on one machine: the remotes' versions in a releases folder, served by their own hosts,
// the registry a file, one shell server reading it.
import path from 'node:path';
import { REMOTE_APPS, appDist } from 'build-tools/apps';
import { serveStaticApp } from 'build-tools/serve';
import { publishEveryRemote, release, releaseEnvironment, rollback } from 'release-tools';
import { marketingBuild } from './marketingBuilds.mjs';
import { startShellServer } from './shellServerProcess.mjs';
import { shellStatus, underLoad, untilEveryServerRenders, untilReady, warm } from './visitorsUnderLoad.mjs';

const SHELL_PORT = 3200;
const SWAPS = 50;
const log = () => {};

/**
 * Release, rollback, a refused and a forced broken release under load, then the server's heap
 * after 50 swaps. The remotes are served on their usual ports (stop `npm start` first).
 * @param {string} folder the run's own folder
 */
export async function oneMachine(folder) {
  const env = releaseEnvironment({
    RELEASES_DIR: path.join(folder, 'one-machine'),
    RELEASES_ALLOW_OVERRIDES: 'true',
  });
  await publishEveryRemote(env);
  const hosts = [];
  for (const app of REMOTE_APPS) {
    hosts.push(
      await serveStaticApp({ root: appDist(app), port: app.port, versionsRoot: env.versionsDir(app.name) }),
    );
  }
  const shell = await startShellServer({
    port: SHELL_PORT,
    env: { SHELL_REGISTRY_FILE: /** @type {string} */ (env.registryFile) },
  });
  try {
    const live = async () => {
      const manifestUrl = (await env.registry.read())?.remotes.marketing;
      return manifestUrl ? { remote: 'marketing', manifestUrl } : null;
    };
    await untilReady(shell.url);
    await warm(shell.url);
    const goodBuild = await marketingBuild(folder, 'good', 'good');
    const brokenBuild = await marketingBuild(folder, 'broken', 'broken');
    const servers = [shell.url];
    const scenarios = {
      steady: await underLoad(servers, async () => null),
      release: await underLoad(servers, async () => {
        await release(env, { appName: 'marketing', buildDir: goodBuild, verify: true, log });
        return live();
      }),
      rollback: await underLoad(servers, async () => {
        await rollback(env, { appName: 'marketing', log });
        return live();
      }),
      'broken release (verified: refused)': await underLoad(servers, async () => {
        await release(env, { appName: 'marketing', buildDir: brokenBuild, verify: true, log });
        return live();
      }),
      'broken release forced (--no-verify)': await underLoad(servers, async () => {
        await release(env, { appName: 'marketing', buildDir: brokenBuild, verify: false, log });
        return null;
      }),
    };
    await rollback(env, { appName: 'marketing', log });
    const heapBefore = (await shellStatus(shell.url, true)).heapUsedBytes;
    const swapBuilds = [goodBuild, await marketingBuild(folder, 'swap', 'good')];
    for (let swap = 0; swap < SWAPS; swap += 1) {
      const buildDir = swapBuilds[swap % 2] ?? goodBuild;
      await release(env, { appName: 'marketing', buildDir, verify: false, log });
      const expected = await live();
      if (expected) await untilEveryServerRenders(servers, 'marketing', expected.manifestUrl);
    }
    const heapAfter = (await shellStatus(shell.url, true)).heapUsedBytes;
    return {
      scenarios,
      heapMiB: {
        before: Math.round(heapBefore / 1048576),
        [`after ${SWAPS} swaps`]: Math.round(heapAfter / 1048576),
      },
    };
  } finally {
    await shell.close();
    await Promise.all(hosts.map((host) => host.close()));
  }
}

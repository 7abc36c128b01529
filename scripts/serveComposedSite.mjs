import path from 'node:path';
import { existsSync } from 'node:fs';
import { APPS, APPS_IN_START_ORDER, appDist } from 'build-tools/apps';
import { serveStaticApp } from 'build-tools/serve';
import { securityHeaders } from 'build-tools/securityHeaders';
import { readSiteOrigins } from 'build-tools/siteOrigins';
import { readServerSettings, serveShell } from 'shell/server';
import { publishEveryRemote, releaseEnvironment } from 'release-tools';
import { startLocalServices } from './localServices.mjs';

/**
 * `npm start` / `npm run serve`: the composed site locally. It lives at the repository's root, not
 * in build-tools, because it starts an app (the shell's server) and build-tools imports no app.
 * Every built app runs on its own origin, as they are deployed (the shell's server rendering each
 * page, the remotes as static hosts), and the local backend (Supabase's REST and EmailJS's send
 * protocols) and the mailer beside it (localServices.mjs).
 */
const services = await startLocalServices().catch((/** @type {Error} */ error) => {
  console.error(error.message);
  process.exit(1);
});
// The origins come from the shell's registry and the forms' API variables, as the builds use them.
const headers = securityHeaders(readSiteOrigins());
// Each remote's current build is published as a version of its own (the same build is the same
// version) and made live, so releases and rollbacks work from here on (docs/remote-team.md).
const releases = releaseEnvironment();
const { registryFile } = releases;
// The local site's shell server reads its registry from a file: `npm start` is the local set-up.
if (!registryFile) throw new Error('npm start keeps its registry in a file: unset RELEASES_REGISTRY_URL');
for (const app of APPS) {
  if (!existsSync(path.join(appDist(app), 'index.html'))) {
    console.error(`${app.dir} is not built: run "npm run build" first.`);
    process.exit(1);
  }
}
await publishEveryRemote(releases);
/** @type {Array<{ url: string, close: () => Promise<void> }>} */
const servers = [];
for (const app of APPS_IN_START_ORDER) {
  const root = appDist(app);
  const server =
    app.name === 'shell'
      ? await serveShell({
          root,
          port: app.port,
          headers,
          registryFile,
          settings: readServerSettings(),
        })
      : await serveStaticApp({
          root,
          port: app.port,
          headers,
          versionsRoot: releases.versionsDir(app.name),
        });
  servers.push(server);
  console.log(`${app.dir.padEnd(17)} ${server.url}`);
}
console.log(`\nThe composed site is at ${servers.at(-1)?.url} (Ctrl+C stops it).`);

async function stop() {
  await Promise.all(servers.map((server) => server.close()));
  await services.stop();
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

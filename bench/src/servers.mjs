import path from 'node:path';
import { existsSync } from 'node:fs';
import { APPS, APPS_IN_START_ORDER } from 'build-tools/apps';
import { serveStaticApp } from 'build-tools/serve';
import { serveShell } from 'shell/server';

const repositoryRoot = path.resolve(import.meta.dirname, '..', '..');
export const MONOLITH_DIST = path.join(repositoryRoot, 'bench', '.monolith', 'dist');
/** Beside the composed site's ports (3000-3003), which its registry names. */
const MONOLITH_PORT = 3100;
/** Every origin whose pages call the API: the composed site's apps and the monolith. */
export const PAGE_ORIGINS = [
  ...APPS.map((app) => `http://localhost:${app.port}`),
  `http://localhost:${MONOLITH_PORT}`,
];

/** @param {string} root */
function requireBuilt(root) {
  if (!existsSync(path.join(root, 'index.html'))) throw new Error(`${root} is not built`);
}

/**
 * Both builds as they are deployed: the composed site rendered by the shell's server with the
 * remotes on static hosts, the monolith (client-rendered, as the site was) by the same static host.
 * @returns {Promise<{ composed: string, monolith: string, close: () => Promise<void> }>}
 */
export async function serveBothBuilds() {
  const servers = [];
  for (const app of APPS_IN_START_ORDER) {
    const root = path.join(repositoryRoot, app.dir, 'dist');
    requireBuilt(root);
    servers.push(
      app.name === 'shell'
        ? await serveShell({ root, port: app.port, settings: { logLevel: 'warn' } })
        : await serveStaticApp({ root, port: app.port }),
    );
  }
  requireBuilt(MONOLITH_DIST);
  servers.push(await serveStaticApp({ root: MONOLITH_DIST, port: MONOLITH_PORT }));
  return {
    composed: `http://localhost:${APPS.find((app) => app.name === 'shell')?.port}`,
    monolith: `http://localhost:${MONOLITH_PORT}`,
    close: async () => {
      await Promise.all(servers.map((server) => server.close()));
    },
  };
}

import path from 'node:path';
import { existsSync } from 'node:fs';
import { APPS } from '../apps.mjs';
import { serveStaticApp } from './serveStaticApp.mjs';

/** Serves every built app on its own origin, as they are deployed: the composed site locally. */
const repositoryRoot = path.resolve(import.meta.dirname, '..', '..');
/** @type {Array<{ url: string, close: () => Promise<void> }>} */
const servers = [];
for (const app of APPS) {
  const root = path.join(repositoryRoot, app.dir, 'dist');
  if (!existsSync(path.join(root, 'index.html'))) {
    console.error(`${app.dir} is not built: run "npm run build" first.`);
    process.exit(1);
  }
  const server = await serveStaticApp({ root, port: app.port });
  servers.push(server);
  console.log(`${app.dir.padEnd(17)} ${server.url}`);
}
console.log(`\nThe composed site is at ${servers[0]?.url} (Ctrl+C stops it).`);

async function stop() {
  await Promise.all(servers.map((server) => server.close()));
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

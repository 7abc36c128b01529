import path from 'node:path';
import { existsSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { APPS, appDist } from 'build-tools/apps';
import { serveStaticApp } from 'build-tools/serve';
import { securityHeaders } from 'build-tools/securityHeaders';
import { readSiteOrigins } from 'build-tools/siteOrigins';
import { readServerSettings, serveShell } from 'shell/server';
import { publishEveryRemote, releaseEnvironment } from 'release-tools';

/**
 * `npm start` / `npm run serve`: the composed site locally. It lives at the repository's root, not
 * in build-tools, because it starts an app (the shell's server) and build-tools imports no app.
 * Every built app runs on its own origin, as they are deployed (the shell's server rendering each
 * page, the remotes as static hosts), and the local backend (Supabase's REST and EmailJS's send
 * protocols) in a process of its own; the mailer beside it, reading a local agency calendar.
 */
const repositoryRoot = path.resolve(import.meta.dirname, '..');
const backendEntry = path.join(repositoryRoot, 'local-backend', 'dist', 'main.js');
if (!existsSync(backendEntry)) {
  console.error('local-backend is not built: run "npm run build" first.');
  process.exit(1);
}
const mailerDir = path.join(repositoryRoot, 'mailer', 'dist');
if (!existsSync(path.join(mailerDir, 'main.js'))) {
  console.error('mailer is not built: run "npm run build" first.');
  process.exit(1);
}
const backend = spawn(process.execPath, [backendEntry], { stdio: 'inherit' });
backend.on('exit', (code) => {
  if (code) console.error(`local-backend stopped (exit ${code}); the forms cannot send until it runs again.`);
});
// Imported once built (it is the mailer's build).
const { startMailDev, serveLocalAgencyCalendar } = await import('mailer');
/** @type {Awaited<ReturnType<typeof startMailDev>> | null} */
let mailDev = null;
if (!process.env.SMTP_URL) {
  try {
    mailDev = await startMailDev();
    console.log(`maildev           ${mailDev.url}   (SMTP ${mailDev.smtpUrl})`);
  } catch (error) {
    // Most often a MailDev of one's own already on :1025/:1080: the mailer sends to it.
    console.error(
      `MailDev did not start (${error instanceof Error ? error.message : error}); the mailer sends to smtp://localhost:1025.`,
    );
  }
}
// An agency with a diary from the first start: a local feed of weekly busy blocks, unless the
// operator's own calendar is set (docs/operator.md, "The agency's calendar").
/** @type {Awaited<ReturnType<typeof serveLocalAgencyCalendar>> | null} */
let localCalendar = null;
if (!process.env.AGENCY_CALENDAR_FEED_URL && !process.env.AGENCY_CALDAV_URL) {
  localCalendar = await serveLocalAgencyCalendar();
  console.log(
    `agency calendar   ${localCalendar.url}   (local: Mondays 10:00, Wednesdays 14:00, Fridays 9:00 busy)`,
  );
}
const mailerEnv = localCalendar
  ? { ...process.env, AGENCY_CALENDAR_FEED_URL: localCalendar.url }
  : process.env;
const mailer = spawn(process.execPath, [path.join(mailerDir, 'main.js')], {
  stdio: 'inherit',
  env: mailerEnv,
});
mailer.on('exit', (code) => {
  if (code)
    console.error(`mailer stopped (exit ${code}); booking e-mails wait in the outbox until it runs again.`);
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
for (const app of APPS) {
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
console.log(`\nThe composed site is at ${servers[0]?.url} (Ctrl+C stops it).`);

/** @param {import('node:child_process').ChildProcess} child */
async function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

async function stop() {
  await Promise.all(servers.map((server) => server.close()));
  // The mailer first: it finishes the message in hand while the backend and MailDev still answer.
  await stopProcess(mailer);
  await Promise.all([stopProcess(backend), mailDev?.stop(), localCalendar?.close()]);
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

import path from 'node:path';
import { existsSync } from 'node:fs';
import { spawn } from 'node:child_process';

/**
 * The services the site's forms need, as `npm start` runs them and the bench books against them:
 * the local backend (Supabase's REST and EmailJS's send protocols) and the mailer, each in a
 * process of its own; MailDev as the inbox unless SMTP_URL is set; a local agency calendar (weekly
 * busy blocks) unless the operator's own is set (docs/operator.md, "The agency's calendar").
 */
const repositoryRoot = path.resolve(import.meta.dirname, '..');
const backendEntry = path.join(repositoryRoot, 'local-backend', 'dist', 'main.js');
const mailerEntry = path.join(repositoryRoot, 'mailer', 'dist', 'main.js');
const READY_WITHIN_MS = 120_000;

/** @param {import('node:child_process').ChildProcess} child */
async function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

/**
 * Resolves once the mailer's /health answers 200, which it does only once its queue (the backend)
 * answers: both are then serving. Rejects if either process exits first.
 * @param {string} healthUrl @param {import('node:child_process').ChildProcess[]} children
 */
async function untilHealthy(healthUrl, children) {
  const startedAt = Date.now();
  for (;;) {
    const exited = children.find((child) => child.exitCode !== null);
    if (exited) throw new Error(`${exited.spawnfile} ${exited.spawnargs.at(-1)} exited before it was ready`);
    const answer = await fetch(healthUrl).catch(() => null);
    if (answer?.ok) return;
    if (Date.now() - startedAt > READY_WITHIN_MS)
      throw new Error(`${healthUrl} not healthy within two minutes`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * @param {{ env?: NodeJS.ProcessEnv, waitUntilReady?: boolean, log?: (line: string) => void }} [options]
 *   env: the processes' environment (e.g. LOCAL_BACKEND_DATA_DIR for a database of their own);
 *   waitUntilReady: resolve only once the mailer reports itself healthy.
 */
export async function startLocalServices({
  env = process.env,
  waitUntilReady = false,
  log = console.log,
} = {}) {
  for (const [name, entry] of [
    ['local-backend', backendEntry],
    ['mailer', mailerEntry],
  ]) {
    if (!existsSync(entry)) throw new Error(`${name} is not built: run "npm run build" first.`);
  }
  const backend = spawn(process.execPath, [backendEntry], { stdio: 'inherit', env });
  backend.on('exit', (code) => {
    if (code)
      console.error(`local-backend stopped (exit ${code}); the forms cannot send until it runs again.`);
  });
  // Imported once built (it is the mailer's build).
  const { startMailDev, serveLocalAgencyCalendar } = await import('mailer');
  /** @type {Awaited<ReturnType<typeof startMailDev>> | null} */
  let mailDev = null;
  if (!env.SMTP_URL) {
    try {
      mailDev = await startMailDev();
      log(`maildev           ${mailDev.url}   (SMTP ${mailDev.smtpUrl})`);
    } catch (error) {
      // Most often a MailDev of one's own already on :1025/:1080: the mailer sends to it.
      console.error(
        `MailDev did not start (${error instanceof Error ? error.message : error}); the mailer sends to smtp://localhost:1025.`,
      );
    }
  }
  /** @type {Awaited<ReturnType<typeof serveLocalAgencyCalendar>> | null} */
  let localCalendar = null;
  if (!env.AGENCY_CALENDAR_FEED_URL && !env.AGENCY_CALDAV_URL) {
    localCalendar = await serveLocalAgencyCalendar();
    log(
      `agency calendar   ${localCalendar.url}   (local: Mondays 10:00, Wednesdays 14:00, Fridays 9:00 busy)`,
    );
  }
  const mailer = spawn(process.execPath, [mailerEntry], {
    stdio: 'inherit',
    env: localCalendar ? { ...env, AGENCY_CALENDAR_FEED_URL: localCalendar.url } : env,
  });
  mailer.on('exit', (code) => {
    if (code)
      console.error(`mailer stopped (exit ${code}); booking e-mails wait in the outbox until it runs again.`);
  });
  const stop = async () => {
    // The mailer first: it finishes the message in hand while the backend and MailDev still answer.
    await stopProcess(mailer);
    await Promise.all([stopProcess(backend), mailDev?.stop(), localCalendar?.close()]);
  };
  if (waitUntilReady) {
    try {
      await untilHealthy(`http://localhost:${env.MAILER_PORT ?? 3010}/health`, [backend, mailer]);
    } catch (error) {
      await stop();
      throw error;
    }
  }
  return { mailDevUrl: mailDev?.url ?? null, stop };
}

/**
 * A real CalDAV server for the tests: Radicale (Debian's package), installed on first use where the
 * tests run as root with apt (as e2e/scripts/ensureChromium.mjs installs Chromium), started with
 * htpasswd authentication and its own storage in a temporary folder, with one calendar made by
 * MKCALENDAR. The agency's side of the calendar (an event added or deleted in its calendar app) is
 * putEvent / deleteEvent here.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createObject, deleteObject, fetchCalendarObjects, getBasicAuthHeaders, makeCalendar } from 'tsdav';

const RADICALE_PATHS = ['/usr/bin/radicale', '/usr/local/bin/radicale'];

/** Radicale's path, installed from Debian's packages when missing and we are root; null: not available. */
export function ensureRadicale(log: (line: string) => void = console.log): string | null {
  const found = () => RADICALE_PATHS.find((candidate) => existsSync(candidate)) ?? null;
  if (found()) return found();
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) return null;
  log('Radicale not found: installing Debian radicale (apt-get install -y radicale)...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['install', '-y', '-qq', 'radicale'], { stdio: 'inherit', env });
  } catch {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', 'radicale'], { stdio: 'inherit', env });
  }
  return found();
}

export const RADICALE_MISSING =
  'Radicale is not installed and could not be installed (run as root with apt, or: sudo apt-get install -y radicale)';

export interface RunningRadicale {
  /** The server's root: the address an operator would give for discovery. */
  url: string;
  /** The agency's calendar collection (with a trailing slash). */
  calendarUrl: string;
  username: string;
  password: string;
  /** Adds or replaces an event (an iCalendar text) as the agency's calendar app would. */
  putEvent(name: string, ics: string): Promise<void>;
  deleteEvent(name: string): Promise<void>;
  /** Every object of the calendar: its file name and iCalendar text. */
  events(): Promise<{ name: string; data: string }[]>;
  /** Deletes every object of the calendar. */
  clear(): Promise<void>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('no free port');
  return address.port;
}

async function waitUntilAnswering(url: string, exited: () => string | null): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const exit = exited();
    if (exit !== null) throw new Error(`Radicale stopped before answering: ${exit}`);
    if (
      await fetch(url).then(
        () => true,
        () => false,
      )
    )
      return;
    if (Date.now() > deadline) throw new Error(`Radicale did not answer at ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Radicale on 127.0.0.1:`port` (a free one by default) with the user agency and one calendar. */
export async function startRadicale({ port }: { port?: number } = {}): Promise<RunningRadicale> {
  const binary = ensureRadicale();
  if (!binary) throw new Error(RADICALE_MISSING);
  const folder = mkdtempSync(path.join(tmpdir(), 'radicale-'));
  const [username, password] = ['agency', 'app-password-for-tests'];
  const listenPort = port ?? (await freePort());
  writeFileSync(path.join(folder, 'users'), `${username}:${password}\n`);
  writeFileSync(
    path.join(folder, 'config'),
    [
      '[server]',
      `hosts = 127.0.0.1:${listenPort}`,
      '[auth]',
      'type = htpasswd',
      `htpasswd_filename = ${path.join(folder, 'users')}`,
      'htpasswd_encryption = plain',
      '[rights]',
      'type = owner_only',
      '[storage]',
      `filesystem_folder = ${path.join(folder, 'collections')}`,
      '[web]',
      'type = none',
      '[logging]',
      'level = warning',
    ].join('\n'),
  );
  const child = spawn(binary, ['--config', path.join(folder, 'config')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  let exit: string | null = null;
  child.stderr.on('data', (chunk: Buffer) => (stderr += String(chunk)));
  child.once('exit', (code, signal) => (exit = `exit ${code ?? signal}: ${stderr.trim()}`));
  const url = `http://127.0.0.1:${listenPort}/`;
  const stop = async () => {
    if (exit === null) {
      await new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      });
    }
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    await waitUntilAnswering(url, () => exit);
  } catch (error) {
    await stop();
    throw error;
  }
  const headers = getBasicAuthHeaders({ username, password }) as Record<string, string>;
  const calendarUrl = `${url}${username}/agency/`;
  const [made] = await makeCalendar({ url: calendarUrl, props: { displayname: 'Agency' }, headers });
  if (!made?.ok) {
    await stop();
    throw new Error(`MKCALENDAR answered ${made?.status}`);
  }
  const events = async () =>
    (await fetchCalendarObjects({ calendar: { url: calendarUrl }, headers, useMultiGet: false })).map(
      (object) => ({ name: path.posix.basename(new URL(object.url).pathname), data: String(object.data) }),
    );
  const deleteEvent = async (name: string) => {
    await deleteObject({ url: new URL(name, calendarUrl).href, headers });
  };
  return {
    url,
    calendarUrl,
    username,
    password,
    async putEvent(name, ics) {
      const response = await createObject({
        url: new URL(name, calendarUrl).href,
        data: ics,
        headers: { ...headers, 'content-type': 'text/calendar; charset=utf-8' },
      });
      if (!response.ok) throw new Error(`PUT ${name} answered ${response.status}`);
    },
    deleteEvent,
    events,
    async clear() {
      for (const { name } of await events()) await deleteEvent(name);
    },
    stop,
  };
}

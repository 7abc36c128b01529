// A real Postgres server for the tests that need more than PGlite's one session: logins of their
// own, row locks, transactions waiting on each other. Debian's `postgresql` (installed when absent,
// where we are root with apt-get, as the e2e set-up installs Chromium), in a fresh temporary
// cluster on a free port; as root it runs as the `postgres` OS user, since Postgres refuses root.
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { spawn, execFileSync } from 'node:child_process';
import { chownSync, existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import pg from 'pg';

const INSTALL_HINT =
  'These tests need PostgreSQL (initdb and postgres): on Debian/Ubuntu `sudo apt-get install -y postgresql`, on macOS `brew install postgresql`, or put its bin folder on PATH.';

/**
 * The folder holding initdb and postgres: Debian's newest /usr/lib/postgresql/<n>/bin, else PATH.
 * @returns {string | null}
 */
export function findPostgresBinaries() {
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian) ? readdirSync(debian).sort((a, b) => Number(b) - Number(a)) : [];
  const folders = [
    ...versions.map((version) => path.join(debian, version, 'bin')),
    ...(process.env.PATH ?? '').split(path.delimiter),
  ];
  return folders.find((folder) => folder && existsSync(path.join(folder, 'initdb'))) ?? null;
}

/**
 * The binaries' folder, installing Debian's postgresql first where we may (root, apt-get).
 * @returns {{ bin: string } | { missing: string }} `missing`: what to install, to print
 */
export function ensurePostgresBinaries() {
  const found = findPostgresBinaries();
  if (found) return { bin: found };
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('PostgreSQL not found: installing Debian postgresql (apt-get install -y postgresql)...');
    const apt = {
      stdio: /** @type {const} */ ('inherit'),
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    };
    execFileSync('apt-get', ['update', '-qq'], apt);
    execFileSync('apt-get', ['install', '-y', '-qq', 'postgresql'], apt);
    const installed = findPostgresBinaries();
    if (installed) return { bin: installed };
  }
  return { missing: INSTALL_HINT };
}

/**
 * Starts a throwaway cluster (trust authentication: any login the tests create connects without a
 * password; no fsync) and waits until it answers.
 * @param {string} bin the folder of initdb and postgres
 * @returns {Promise<{ databaseUrl: string, urlAs: (login: string) => string, close: () => Promise<void> }>}
 *   `databaseUrl`: as the superuser `postgres`; `urlAs(login)`: the same database as another login
 */
export async function startRealPostgres(bin) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'real-postgres-'));
  // As root, the cluster's files and processes belong to the postgres OS user (spawned as that
  // user directly, not through runuser, so a signal reaches the server itself).
  /** @type {{ uid?: number, gid?: number }} */
  const owner = process.getuid?.() === 0 ? osUser('postgres') : {};
  if (owner.uid !== undefined && owner.gid !== undefined) chownSync(dir, owner.uid, owner.gid);
  const data = path.join(dir, 'data');
  const initdb = ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'];
  execFileSync(path.join(bin, 'initdb'), initdb, { ...owner, stdio: 'ignore' });
  const port = await freePort();
  const settings = [
    'fsync=off',
    'synchronous_commit=off',
    'full_page_writes=off',
    'listen_addresses=127.0.0.1',
  ];
  const server = ['-D', data, '-p', String(port), '-k', dir, ...settings.flatMap((s) => ['-c', s])];
  const postgres = spawn(path.join(bin, 'postgres'), server, {
    ...owner,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  postgres.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => postgres.once('exit', resolve));
  // A test run that ends without close() (a crash) does not leave the server behind.
  const stopOnExit = () => postgres.kill('SIGINT');
  process.once('exit', stopOnExit);

  const urlAs = (/** @type {string} */ login) => `postgres://${login}@127.0.0.1:${port}/postgres`;
  const close = async () => {
    process.off('exit', stopOnExit);
    postgres.kill('SIGINT'); // fast shutdown: sessions are ended
    await exited;
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(urlAs('postgres'), exited);
  } catch (error) {
    await close();
    throw new Error(`postgres did not start: ${error instanceof Error ? error.message : error}\n${output}`);
  }
  return { databaseUrl: urlAs('postgres'), urlAs, close };
}

/** The registry's owner in the tests: no superuser, as Supabase's `postgres` is not one. */
export const REGISTRY_OWNER = 'registry_owner';

/**
 * Creates REGISTRY_OWNER on a server startRealPostgres started: a login with CREATEROLE (the schema
 * creates the team roles, the operator their logins) that may create tables in schema public, and
 * nothing more, so a test shows what the owner's rights allow, not what a superuser's would.
 * @param {string} databaseUrl the superuser's
 */
export async function createRegistryOwner(databaseUrl) {
  const superuser = new pg.Client({ connectionString: databaseUrl });
  await superuser.connect();
  try {
    await superuser.query(`CREATE ROLE ${REGISTRY_OWNER} LOGIN CREATEROLE`);
    await superuser.query(`GRANT CREATE ON SCHEMA public TO ${REGISTRY_OWNER}`);
  } finally {
    await superuser.end();
  }
}

/** @param {string} name @returns {{ uid: number, gid: number }} */
function osUser(name) {
  const id = (/** @type {string} */ flag) => Number(execFileSync('id', [flag, name], { encoding: 'utf8' }));
  return { uid: id('-u'), gid: id('-g') };
}

/** @param {string} databaseUrl @param {Promise<unknown>} exited */
async function waitUntilReady(databaseUrl, exited) {
  let stopped = false;
  void exited.then(() => (stopped = true));
  for (let attempt = 0; attempt < 200 && !stopped; attempt += 1) {
    const client = new pg.Client({ connectionString: databaseUrl });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(stopped ? 'it exited' : 'it did not answer within 10 s');
}

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

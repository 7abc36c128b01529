import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import Fastify from 'fastify';
import fastifyReplyFrom from '@fastify/reply-from';
import { REMOTE_APPS } from 'build-tools/apps';
import { createStaticApp, listen } from 'build-tools/serve';
import { securityHeaders } from 'build-tools/securityHeaders';
import { readSiteOrigins } from 'build-tools/siteOrigins';

/**
 * `npm run bench:observatory`: MDN's HTTP Observatory grades the site as production runs it
 * (docs/operator.md, "Security headers"). On this machine's loopback: the remotes on https static
 * hosts, the shell's server started as an operator starts it, behind a TLS-terminating proxy and a
 * plain-http port that forwards to it too, so the http→https redirect graded is the shell's own.
 * Certificates come from a CA made for the run, which only the scanner and the shell trust.
 * The result goes to bench/results/observatory.json.
 */
const SCANNER = '@mdn/mdn-http-observatory@1.4.8';
const repositoryRoot = path.resolve(import.meta.dirname, '..', '..');
const scannerPrefix = path.join(repositoryRoot, 'bench', '.observatory');
const packageDir = path.join(scannerPrefix, 'node_modules', '@mdn', 'mdn-http-observatory');
// Production's API origins (the docs' example project): they only shape the CSP, nothing calls them.
const PRODUCTION_API = {
  SUPABASE_URL: 'https://abcdefghijkl.supabase.co',
  EMAILJS_ORIGIN: 'https://api.emailjs.com',
};

/**
 * Not a dependency: its install scripts (and its CA bundle's) download lists from the internet and
 * fail without it. Installed on demand without them, and given what they would have written.
 */
function installScanner() {
  const version = existsSync(packageDir)
    ? JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')).version
    : null;
  if (version !== SCANNER.split('@').at(-1)) {
    console.log(`Installing ${SCANNER} into bench/.observatory…`);
    mkdirSync(scannerPrefix, { recursive: true });
    const flags = '--ignore-scripts --no-save --no-audit --no-fund --prefix'.split(' ');
    execFileSync('npm', ['install', ...flags, scannerPrefix, SCANNER], { stdio: 'inherit' });
  }
  // The HSTS preload list, empty: a local host is on no list, so the preload bonus is never counted.
  writeFileSync(path.join(packageDir, 'conf', 'hsts-preload.json'), '{}');
  // IANA's TLD list is read only by the package's API to validate hostnames, which a scan skips.
  writeFileSync(path.join(packageDir, 'conf', 'tld-list.json'), '[]');
  // The Mozilla CA bundle only completes public sites' chains, and only through bin/wrapper.js,
  // which would overwrite NODE_EXTRA_CA_CERTS: not needed for a host with a CA of the run's own.
}

/** A CA of the run's own and a certificate for localhost signed by it (openssl, no prompts). */
function makeCertificates(/** @type {string} */ folder) {
  const openssl = (/** @type {string} */ command) =>
    execFileSync('openssl', command.split(' '), { cwd: folder, stdio: 'pipe' });
  openssl(
    'req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=observatory-run-ca -keyout ca.key -out ca.pem',
  );
  openssl('req -new -newkey rsa:2048 -nodes -subj /CN=localhost -keyout localhost.key -out localhost.csr');
  // Node checks the host name against subjectAltName only.
  writeFileSync(path.join(folder, 'san.ext'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\n');
  openssl(
    'x509 -req -days 1 -in localhost.csr -CA ca.pem -CAkey ca.key -CAcreateserial -extfile san.ext -out localhost.pem',
  );
  const read = (/** @type {string} */ name) => readFileSync(path.join(folder, name));
  return {
    caFile: path.join(folder, 'ca.pem'),
    tls: { key: read('localhost.key'), cert: read('localhost.pem') },
  };
}

/** A port nobody listens on now: the registry and SITE_URL name ports before their servers start. */
async function freePort() {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = /** @type {net.AddressInfo} */ (server.address());
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The reverse proxy in front of the shell's server, as an operator runs one: it tells the server
 * the scheme and the address each request came with, and passes bodies through unread.
 * @param {{ upstream: string, proto: 'http' | 'https', https?: { key: Buffer, cert: Buffer } }} options
 */
async function reverseProxy({ upstream, proto, https }) {
  const proxy = Fastify({ ...(https && { https }) });
  proxy.removeAllContentTypeParsers();
  proxy.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  await proxy.register(fastifyReplyFrom, { base: upstream });
  proxy.all('/*', (request, reply) =>
    reply.from(request.url, {
      rewriteRequestHeaders: (original, headers) => ({
        ...headers,
        'x-forwarded-proto': proto,
        'x-forwarded-for': [headers['x-forwarded-for'], original.socket.remoteAddress]
          .filter(Boolean)
          .join(', '),
      }),
    }),
  );
  return listen(proxy, { port: 0 });
}

const portOf = (/** @type {{ url: string }} */ server) => Number(new URL(server.url).port);

installScanner();
// `--install-only`: fetch the scanner where the registry is reachable, then scan where it may not be.
if (process.argv.includes('--install-only')) process.exit(0);
const folder = mkdtempSync(path.join(os.tmpdir(), 'observatory-'));
const { caFile, tls } = makeCertificates(folder);
/** @type {Array<{ close: () => Promise<void> }>} */
const servers = [];
/** @type {import('node:child_process').ChildProcess | undefined} */
let shell;
try {
  // The remotes on https static hosts, as release hosts serve them, with production's registry
  // naming them (no QA overrides): the CSP's origins, the shell's and the hosts', come from it.
  const remoteHosts = [];
  for (const app of REMOTE_APPS) remoteHosts.push({ app, origin: `https://localhost:${await freePort()}` });
  const registryFile = path.join(folder, 'remotes.json');
  writeFileSync(
    registryFile,
    JSON.stringify({
      remotes: Object.fromEntries(
        remoteHosts.map(({ app, origin }) => [app.name, `${origin}/mf-manifest.json`]),
      ),
    }),
  );
  const headers = securityHeaders(readSiteOrigins({ registryFile, env: PRODUCTION_API }));
  for (const { app, origin } of remoteHosts) {
    const root = path.join(repositoryRoot, app.dir, 'dist');
    const host = await createStaticApp({ root, headers, serverOptions: { https: tls } });
    servers.push(await listen(host, { port: Number(new URL(origin).port) }));
  }

  const shellPort = await freePort();
  const upstream = `http://127.0.0.1:${shellPort}`;
  const httpsProxy = await reverseProxy({ upstream, proto: 'https', https: tls });
  servers.push(httpsProxy);
  const httpProxy = await reverseProxy({ upstream, proto: 'http' });
  servers.push(httpProxy);
  const siteUrl = `https://localhost:${portOf(httpsProxy)}`;

  shell = spawn(process.execPath, [path.join(repositoryRoot, 'shell', 'server', 'start.mjs')], {
    env: {
      ...process.env,
      ...PRODUCTION_API,
      PORT: String(shellPort),
      SITE_URL: siteUrl,
      SHELL_HTTPS_REDIRECT: 'true',
      SHELL_REGISTRY_FILE: registryFile,
      SHELL_REMOTE_ORIGINS: remoteHosts.map(({ origin }) => origin).join(','),
      SHELL_CLIENT_ADDRESS_HEADER: 'x-forwarded-for',
      SHELL_LOG_LEVEL: 'warn',
      // The remotes' hosts have the run's certificate: the server loads their code over https.
      NODE_EXTRA_CA_CERTS: caFile,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Graded once the server renders every remote, as a server that has been up a while does.
  const deadline = Date.now() + 30_000;
  for (;;) {
    /** @type {any} */
    const status = await fetch(`${upstream}/_shell/status`).then(
      (r) => r.json(),
      () => null,
    );
    if (status && Object.values(status.remotes).every((remote) => remote.rendering)) break;
    if (Date.now() > deadline || shell.exitCode !== null) throw new Error('The shell server did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  console.log(`Scanning ${siteUrl} (http on ${portOf(httpProxy)})…`);
  const ports = [portOf(httpProxy), portOf(httpsProxy)].map(String);
  const scanner = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 'observatoryScan.mjs'), packageDir, 'localhost', ...ports],
    { env: { ...process.env, NODE_EXTRA_CA_CERTS: caFile }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  scanner.stdout.on('data', (chunk) => (output += chunk));
  const code = await new Promise((resolve) => scanner.on('close', resolve));
  if (code !== 0) throw new Error(`The scan failed (exit ${code})`);
  const { scan, tests } = JSON.parse(output);

  console.log(
    `\nGrade ${scan.grade}, score ${scan.score} (${scan.testsPassed}/${scan.testsQuantity} tests passed)`,
  );
  for (const [name, test] of Object.entries(tests)) {
    const modifier = test.scoreModifier > 0 ? `+${test.scoreModifier}` : String(test.scoreModifier);
    console.log(`  ${test.pass ? 'pass' : 'FAIL'}  ${modifier.padStart(3)}  ${name}: ${test.result}`);
  }
  const results = {
    date: new Date().toISOString(),
    scanner: SCANNER,
    setup: [
      'remotes on https static hosts named by a production registry (no QA overrides)',
      'node shell/server/start.mjs: SITE_URL=https://localhost:<port>, SHELL_HTTPS_REDIRECT=true',
      'behind a TLS-terminating proxy (X-Forwarded-Proto: https) and a plain-http port (X-Forwarded-Proto: http)',
      'certificates from a CA made for the run; HSTS preload list empty',
    ],
    grade: scan.grade,
    score: scan.score,
    testsPassed: scan.testsPassed,
    testsQuantity: scan.testsQuantity,
    tests: Object.fromEntries(
      Object.entries(tests).map(([name, { pass, result, scoreModifier }]) => [
        name,
        { pass, scoreModifier, result },
      ]),
    ),
    details: { tests, responseHeaders: scan.responseHeaders },
  };
  writeFileSync(
    path.join(repositoryRoot, 'bench', 'results', 'observatory.json'),
    `${JSON.stringify(results, null, 2)}\n`,
  );
} finally {
  shell?.kill('SIGTERM');
  await Promise.all(servers.map((server) => server.close()));
  rmSync(folder, { recursive: true, force: true });
}

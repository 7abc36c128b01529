// Hosts of their own for the across-machines scenarios: Linux network namespaces joined by a
// bridge (iproute2's `ip`), so the shell servers, the shared services and the team's command reach
// each other across a network stack, each with an address of its own, as machines do. It needs
// root and `ip`; without them every host is this machine's loopback, and the results say so.
import { execFileSync } from 'node:child_process';

const SUBNET = '10.77.0';
const PREFIX = 'bench-';
// Names of this run's own: the kernel deletes an earlier run's links a moment after its namespaces.
const RUN = String(process.pid % 100_000);
const BRIDGE = `bbr${RUN}`;

/**
 * @typedef {object} NetworkHost
 * @property {string} name
 * @property {string} address where its peers reach the host's servers
 * @property {string} listenAddress where those servers listen: every address of a namespace (its
 *   own and its loopback, which a shell server's operator endpoints answer), else loopback
 * @property {(file: string, args: string[]) => [string, string[]]} command a command run on the host
 */

/** `ip` with its arguments; throws with what it printed. @param {string[]} args */
const ip = (args) => execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });

/** Deletes what an earlier run left behind (a bench stopped half-way). */
function removeLeftovers() {
  const names = execFileSync('ip', ['netns', 'list'], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.split(' ')[0] ?? '')
    .filter((name) => name.startsWith(PREFIX));
  for (const name of names) ip(['netns', 'del', name]);
  const bridges = execFileSync('ip', ['-o', 'link', 'show', 'type', 'bridge'], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\d+: (bbr\d+)[:@]/.exec(line)?.[1])
    .filter((name) => name !== undefined);
  for (const name of bridges) ip(['link', 'del', name]);
}

/**
 * One namespace per name, each joined to the bridge by a veth pair, at `10.77.0.<10 + n>`; this
 * process stays outside them, at `10.77.0.1`, and reaches them all.
 * @param {string[]} names
 * @returns {{ hosts: NetworkHost[], close: () => void }}
 */
function namespaces(names) {
  removeLeftovers();
  ip(['link', 'add', BRIDGE, 'type', 'bridge']);
  ip(['addr', 'add', `${SUBNET}.1/24`, 'dev', BRIDGE]);
  ip(['link', 'set', BRIDGE, 'up']);
  const hosts = names.map((name, n) => {
    const namespace = `${PREFIX}${name}`;
    const veth = `bv${RUN}x${n}`;
    const address = `${SUBNET}.${10 + n}`;
    ip(['netns', 'add', namespace]);
    ip(['link', 'add', veth, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', namespace]);
    ip(['link', 'set', veth, 'master', BRIDGE, 'up']);
    ip(['-n', namespace, 'addr', 'add', `${address}/24`, 'dev', 'eth0']);
    ip(['-n', namespace, 'link', 'set', 'eth0', 'up']);
    ip(['-n', namespace, 'link', 'set', 'lo', 'up']);
    /** @type {NetworkHost} */
    const host = {
      name,
      address,
      listenAddress: '0.0.0.0',
      // `ip netns exec` runs the command in place of itself: a signal to it reaches the command.
      command: (file, args) => ['ip', ['netns', 'exec', namespace, file, ...args]],
    };
    return host;
  });
  return { hosts, close: removeLeftovers };
}

/**
 * The hosts named, in network namespaces where this machine allows it, else all on loopback.
 * @param {string[]} names
 * @returns {{ hosts: NetworkHost[], network: string, close: () => void }}
 */
export function networkHosts(names) {
  try {
    return { ...namespaces(names), network: 'a network namespace per host, joined by a bridge' };
  } catch (error) {
    try {
      removeLeftovers();
    } catch {
      // no `ip` at all
    }
    const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return {
      hosts: names.map((name) => ({
        name,
        address: '127.0.0.1',
        listenAddress: '127.0.0.1',
        command: (file, args) => [file, args],
      })),
      network: `loopback (no network namespaces: ${why})`,
      close: () => {},
    };
  }
}

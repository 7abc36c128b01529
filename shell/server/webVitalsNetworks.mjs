// Owns what the server knows of the networks visitors' Web Vitals beacons come from, one minute at
// a time: how many beacons each network had counted, and which networks sent a poor value of each
// metric. In memory only and forgotten when the minute turns: no address is kept longer or anywhere
// else, so one network can neither flood the histograms nor pass for many.
import { isIPv4, isIPv6 } from 'node:net';

/** The window every per-network count lives in (the privacy page says a minute). */
export const NETWORK_WINDOW_MS = 60_000;

/**
 * The most networks counted in one minute, so a flood from many networks costs a bounded memory
 * (a few megabytes); a new network past it is not counted until the minute turns.
 */
export const MAX_NETWORKS_A_MINUTE = 50_000;

/**
 * The network a client's address belongs to: its /24 for IPv4, its /48 for IPv6 (what one home,
 * office or mobile carrier's gateway hands out), so neighbouring addresses share one cap.
 * @param {string | undefined} address as trustProxy reads it (request.ip)
 */
export function networkOf(address) {
  const bare = (address ?? '').split('%')[0] ?? '';
  if (isIPv4(bare)) return `${bare.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(bare)) return 'unknown';
  const groups = ipv6Groups(bare);
  // An IPv4 client seen by a server listening on IPv6 (::ffff:203.0.113.7) is an IPv4 client.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return `${high >> 8}.${high & 0xff}.${low >> 8}.0/24`;
  }
  return `${groups
    .slice(0, 3)
    .map((group) => group.toString(16))
    .join(':')}::/48`;
}

/** An IPv6 address's eight groups, its `::` expanded and a trailing IPv4 part read as two. @param {string} address */
function ipv6Groups(address) {
  const withoutIpv4 = address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_all, a, b, c, d) =>
    [(Number(a) << 8) | Number(b), (Number(c) << 8) | Number(d)].map((group) => group.toString(16)).join(':'),
  );
  const [head = '', tail] = withoutIpv4.split('::');
  const read = (/** @type {string} */ part) =>
    part ? part.split(':').map((group) => parseInt(group, 16)) : [];
  const left = read(head);
  const right = read(tail ?? '');
  return [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The current minute's counts, started afresh when the clock enters a new minute. Of the minute
 * before, only how many networks sent poor values is kept (a number), so a reading just after the
 * minute turns does not fall to nothing.
 * @param {{ now?: () => number }} [options] tests pass their own clock
 */
export function createNetworkWindow({ now = Date.now } = {}) {
  let minute = -Infinity;
  /** @type {Map<string, number>} */
  let counted = new Map();
  /** @type {Map<string, Set<string>>} */
  let poor = new Map();
  /** @type {Map<string, number>} */
  let poorLastMinute = new Map();
  const turn = () => {
    const current = Math.floor(now() / NETWORK_WINDOW_MS);
    if (current === minute) return;
    poorLastMinute =
      current === minute + 1
        ? new Map([...poor].map(([metric, networks]) => [metric, networks.size]))
        : new Map();
    minute = current;
    counted = new Map();
    poor = new Map();
  };
  return {
    /**
     * Whether a network's beacon is counted: at most `max` a minute per network.
     * @param {string} network @param {number} max
     */
    admit(network, max) {
      turn();
      const already = counted.get(network);
      if (already === undefined && counted.size >= MAX_NETWORKS_A_MINUTE) return false;
      if ((already ?? 0) >= max) return false;
      counted.set(network, (already ?? 0) + 1);
      return true;
    },
    /** A network sent a poor value of a metric. @param {string} metric @param {string} network */
    sentPoor(metric, network) {
      turn();
      const networks = poor.get(metric) ?? new Set();
      poor.set(metric, networks.add(network));
    },
    /**
     * How many networks sent a poor value of a metric: this minute, or the minute before if more.
     * @param {string} metric
     */
    poorNetworks(metric) {
      turn();
      return Math.max(poor.get(metric)?.size ?? 0, poorLastMinute.get(metric) ?? 0);
    },
  };
}

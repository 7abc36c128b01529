// Owns what a proxy setting (SHELL_TRUST_PROXY, read in serverSettings.mjs) may name, and what it
// means to Fastify: the proxies whose forwarding headers give a request's address and protocol.
import { isIP } from 'node:net';

/** proxy-addr's names for address ranges, which Fastify's trustProxy takes beside addresses. */
const ADDRESS_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR range (`10.0.0.0/8`, `10.0.0.0/255.0.0.0`) or a range's name. @param {string} entry */
export function isProxyAddress(entry) {
  if (ADDRESS_RANGES.has(entry)) return true;
  const [address = '', mask, ...rest] = entry.split('/');
  return (
    rest.length === 0 &&
    isIP(address) !== 0 &&
    (mask === undefined || /^\d{1,3}$/.test(mask) || isIP(mask) !== 0)
  );
}

/**
 * Fastify's `trustProxy` for the setting. The server's own host is always trusted: a proxy there is
 * read without any setting, and a request through it is never taken for the operator's own.
 * @param {readonly string[] | number} trusted
 * @returns {string[] | ((address: string, hop: number) => boolean)}
 */
export function fastifyTrustProxy(trusted) {
  // Fastify refuses a bare count (it would trust a direct visitor's own header too): said as a function.
  if (typeof trusted === 'number') return (_address, hop) => hop < trusted;
  return [...new Set([...trusted, 'loopback'])];
}

// Which network a client's address counts in: its /24 for IPv4 (an IPv4 client seen over IPv6
// included), its /48 for IPv6, however the address is written; and how many networks a minute holds.
import test from 'node:test';
import assert from 'node:assert/strict';
import {
  MAX_NETWORKS_A_MINUTE,
  NETWORK_WINDOW_MS,
  createNetworkWindow,
  networkOf,
} from './webVitalsNetworks.mjs';

test('an IPv4 address counts in its /24, and so does the same client seen over IPv6', () => {
  assert.equal(networkOf('203.0.113.7'), '203.0.113.0/24');
  assert.equal(networkOf('203.0.113.250'), '203.0.113.0/24');
  assert.equal(networkOf('::ffff:203.0.113.7'), '203.0.113.0/24');
  assert.equal(networkOf('::ffff:cb00:7107'), '203.0.113.0/24');
});

test('an IPv6 address counts in its /48, written long, short or with a zone', () => {
  assert.equal(networkOf('2001:db8:7:1::1'), '2001:db8:7::/48');
  assert.equal(networkOf('2001:0db8:0007:ffff:0:0:0:1'), '2001:db8:7::/48');
  assert.equal(networkOf('2001:db8::1'), '2001:db8:0::/48');
  assert.equal(networkOf('fe80::1%eth0'), 'fe80:0:0::/48');
  assert.equal(networkOf('::1'), '0:0:0::/48');
});

test('an address that is not one (none read) counts in one network of its own', () => {
  assert.equal(networkOf(undefined), 'unknown');
  assert.equal(networkOf('not-an-address'), 'unknown');
});

test('a minute counts only so many networks: a new one past them waits for the next minute, one already counted does not', () => {
  const clock = { now: 0 };
  const window = createNetworkWindow({ now: () => clock.now });
  for (let network = 0; network < MAX_NETWORKS_A_MINUTE; network += 1)
    assert.equal(window.admit(`n${network}`, 6), true);
  assert.equal(window.admit('one-more', 6), false);
  assert.equal(window.admit('n0', 6), true);
  clock.now += NETWORK_WINDOW_MS;
  assert.equal(window.admit('one-more', 6), true);
});
